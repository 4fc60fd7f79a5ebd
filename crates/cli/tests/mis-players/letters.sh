# Answers with words.
read position
echo "abc"
