# Dies of a segmentation fault before its first move.
kill -SEGV $$
