#!/usr/bin/env python3
"""Turns wrk --latency output into one TSV line, and a set of lines into a table with ratios.

    wrk_summary.py NAME WRK_OUTPUT      -> "NAME<TAB>req/s<TAB>p50 ms<TAB>p99 ms<TAB>errors"
    wrk_summary.py --table RESULTS.TSV  -> a table; the ratio is req/s over health's req/s
    wrk_summary.py --storm RESULTS.TSV  -> a table pairing NAME with NAME@storm; the ratio is
                                           p99 under the storm over p99 alone
"""
import re
import sys

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def millis(text):
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * UNITS[unit]


def summarise(name, path):
    text = open(path, encoding="utf-8").read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p50 = millis(re.search(r"\n\s+50%\s+(\S+)", text).group(1))
    p99 = millis(re.search(r"\n\s+99%\s+(\S+)", text).group(1))
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    print(f"{name}\t{rps:.0f}\t{p50:.2f}\t{p99:.2f}\t{errors.group(1) if errors else 0}")


def table(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path, encoding="utf-8") if line.strip()]
    health = next(float(r[1]) for r in rows if r[0] == "health")
    print(f"{'endpoint':<14}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'vs health':>11}{'non-2xx':>9}")
    for name, rps, p50, p99, errors in rows:
        print(f"{name:<14}{float(rps):>10.0f}{float(p50):>9.2f}{float(p99):>9.2f}{float(rps) / health:>11.3f}{errors:>9}")


def storm_table(path):
    rows = {r[0]: r for r in (line.rstrip("\n").split("\t") for line in open(path, encoding="utf-8") if line.strip())}
    print(f"{'endpoint':<14}{'p99 alone':>11}{'p99 storm':>11}{'ratio':>8}{'req/s alone':>13}{'req/s storm':>13}{'non-2xx':>9}")
    for name, calm in rows.items():
        storm = rows.get(f"{name}@storm")
        if "@" in name or storm is None:
            continue
        ratio = float(storm[3]) / float(calm[3])
        print(f"{name:<14}{float(calm[3]):>11.2f}{float(storm[3]):>11.2f}{ratio:>8.2f}"
              f"{float(calm[1]):>13.0f}{float(storm[1]):>13.0f}{int(calm[4]) + int(storm[4]):>9}")


if __name__ == "__main__":
    if sys.argv[1] == "--table":
        table(sys.argv[2])
    elif sys.argv[1] == "--storm":
        storm_table(sys.argv[2])
    else:
        summarise(sys.argv[1], sys.argv[2])
