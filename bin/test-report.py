#!/usr/bin/env python3
"""The tests that failed, erred or passed only on their rerun, read from the Surefire and Failsafe XML reports under the
given directory (each module's target/surefire-reports and target/failsafe-reports*); with a second argument, a time in
seconds since the epoch, only the reports written since then (a checkout's reports of earlier builds are not this
run's).

bin/hive-nosql test prints this last, so that the end of a long build's output, often all a CI service keeps, names
each failing test, its report file and the first lines of its message. Exit code 0 whatever it finds: the build's own
exit code says whether the suite passed.
"""

import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

# the element of a test's first failing run, and what the report calls it: a test that failed has <failure> or <error>
# (then a <rerunFailure> or <rerunError> per failed rerun); a flaky one passed, with its failed runs as <flaky...>
OUTCOMES = {
    "failure": "FAILED",
    "error": "ERROR",
    "flakyFailure": "FLAKY (failed, then passed on its rerun)",
    "flakyError": "FLAKY (erred, then passed on its rerun)",
}
RERUNS = ("rerunFailure", "rerunError")
MESSAGE_LINES = 3
MESSAGE_WIDTH = 300


def reports(root, since):
    for pattern in ("*/target/surefire-reports/TEST-*.xml", "*/target/failsafe-reports*/TEST-*.xml"):
        for report in (*root.glob(pattern), *root.glob("*/" + pattern)):
            if report.stat().st_mtime >= since:
                yield report


def findings(report):
    try:
        suite = ElementTree.parse(report).getroot()
    except ElementTree.ParseError as e:
        yield f"{report}: unreadable report ({e})"
        return
    for case in suite.iter("testcase"):
        first = next((child for child in case if child.tag in OUTCOMES), None)
        if first is None:
            continue
        outcome = OUTCOMES[first.tag]
        if any(child.tag in RERUNS for child in case):
            outcome += " (also on its rerun)"
        name = f"{case.get('classname', '?')}.{case.get('name', '?')}"
        message = (first.get("message") or first.get("type") or "").strip().splitlines()[:MESSAGE_LINES]
        text = " | ".join(line.strip()[:MESSAGE_WIDTH] for line in message)
        yield f"{outcome}: {name}\n    {text}\n    report: {report}"


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    since = float(sys.argv[2]) if len(sys.argv) > 2 else 0
    found = [line for report in sorted(set(reports(root, since))) for line in findings(report)]
    if found:
        print(f"hive-nosql test: {len(found)} test(s) to look at:")
        print("\n".join(found))
    else:
        print("hive-nosql test: no test failed, erred or needed a rerun")


if __name__ == "__main__":
    main()
