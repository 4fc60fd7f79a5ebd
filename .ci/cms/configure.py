"""Writes this run's cms.conf from CMS's sample: the private database, the run's directories,
two Workers, and ports of their own (so that nothing else on the machine is in the way).

    configure.py SAMPLE CMS.CONF RUN_DIR DATABASE_PORT"""

import json
import socket
import sys


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    sample, target, run, db_port = sys.argv[1:5]
    with open(sample) as f:
        # The sample repeats its "_help" keys; json keeps the last, which is harmless.
        conf = json.load(f)
    services = ["LogService", "ResourceService", "ScoringService", "Checker",
                "EvaluationService", "ContestWebServer", "AdminWebServer", "ProxyService",
                "PrintingService"]
    conf["core_services"] = {name: [["127.0.0.1", free_port()]] for name in services}
    conf["core_services"]["Worker"] = [["127.0.0.1", free_port()] for _ in range(2)]
    conf["core_services"]["PrometheusExporter"] = []
    conf["core_services"]["TelegramBot"] = []
    conf["other_services"] = {}
    conf.update({
        "cmsuser": "root",
        "temp_dir": f"{run}/tmp",
        "database": f"postgresql+psycopg2://cmsuser:cmsuser@127.0.0.1:{db_port}/cmsdb",
        "keep_sandbox": False,
        "use_cgroups": True,
        "sandbox_implementation": "isolate",
        "log_dir": f"{run}/log",
        "cache_dir": f"{run}/cache",
        "data_dir": f"{run}/lib",
        "run_dir": f"{run}/run",
        "rankings": [],
        "contest_listen_address": ["127.0.0.1"],
        "admin_listen_address": "127.0.0.1",
    })
    with open(target, "w") as f:
        json.dump(conf, f, indent=1)


if __name__ == "__main__":
    main()
