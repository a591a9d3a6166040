"""Independent oracle for the RRULE differential test: python-dateutil's rrule.

Reads a JSON list of cases {"id", "rule", "dtstart" (RFC 3339 UTC), "n"} on stdin and
writes a JSON object {id: [RFC 3339 UTC strings] | "EMPTY" | "TIMEOUT" | "ERROR: ..."} on
stdout. The optional first argument is the per-case time limit in seconds (default 30: a
generous limit so that the recorded answers never depend on how busy the machine is; the
slowest case of the recorded set takes about a second).

One adjustment brings dateutil to RFC 5545: section 3.3.10 says 'The "DTSTART" property
value always counts as the first occurrence.' dateutil returns DTSTART only when it
matches the rule, so DTSTART is put first here and counts toward COUNT; dateutil's
instances after DTSTART follow.
"""
import json
import signal
import sys
from datetime import datetime, timezone

from dateutil.rrule import rrulestr

DEFAULT_TIMEOUT_SECONDS = 30.0


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def fmt(d):
    return d.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def expand(case):
    dtstart = datetime.strptime(case["dtstart"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    rule = rrulestr(case["rule"], dtstart=dtstart)
    count = rule._count
    until = rule._until
    unbounded = rule.replace(count=None)
    wanted = case["n"] if count is None else min(case["n"], count)
    out = []
    if until is None or dtstart <= until:
        out.append(dtstart)
    if len(out) < wanted:
        for d in unbounded:
            if d <= dtstart:
                continue
            out.append(d)
            if len(out) >= wanted:
                break
    return [fmt(d) for d in out[:wanted]]


def main():
    timeout = float(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_TIMEOUT_SECONDS
    cases = json.load(sys.stdin)
    signal.signal(signal.SIGALRM, on_alarm)
    result = {}
    for case in cases:
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            result[case["id"]] = expand(case)
        except Timeout:
            result[case["id"]] = "TIMEOUT"
        except ValueError as e:
            # dateutil proves some rules can never match; the test expects DTSTART alone.
            empty = "generates an empty set" in str(e)
            result[case["id"]] = "EMPTY" if empty else "ERROR: " + repr(e)
        except Exception as e:  # reported to the test, which fails on it
            result[case["id"]] = "ERROR: " + repr(e)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
