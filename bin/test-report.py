#!/usr/bin/env python3
"""The tests that failed, erred or passed only on their rerun, read from the Surefire and Failsafe XML reports under the
given directory (each module's target/surefire-reports and target/failsafe-reports*).

bin/hive-nosql test prints this last, so that the end of a long build's output, often all a CI service keeps, names
each failing test, its report file and the first lines of its message. Exit code 0 whatever it finds: the build's own
exit code says whether the suite passed.
"""

import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

# a failing run's element, and what the report calls it; a flaky test's failed runs are inside a passing testcase
OUTCOMES = {
    "failure": "FAILED",
    "error": "ERROR",
    "rerunFailure": "FAILED (also on its rerun)",
    "rerunError": "ERROR (also on its rerun)",
    "flakyFailure": "FLAKY (failed, then passed on its rerun)",
    "flakyError": "FLAKY (erred, then passed on its rerun)",
}
MESSAGE_LINES = 3
MESSAGE_WIDTH = 300


def reports(root):
    for pattern in ("*/target/surefire-reports/TEST-*.xml", "*/target/failsafe-reports*/TEST-*.xml"):
        yield from root.glob(pattern)
        yield from root.glob("*/" + pattern)


def findings(report):
    try:
        suite = ElementTree.parse(report).getroot()
    except ElementTree.ParseError as e:
        yield f"{report}: unreadable report ({e})"
        return
    for case in suite.iter("testcase"):
        name = f"{case.get('classname', '?')}.{case.get('name', '?')}"
        for child in case:
            outcome = OUTCOMES.get(child.tag)
            if outcome is None:
                continue
            message = (child.get("message") or child.get("type") or "").strip().splitlines()[:MESSAGE_LINES]
            text = " | ".join(line.strip()[:MESSAGE_WIDTH] for line in message)
            yield f"{outcome}: {name}\n    {text}\n    report: {report}"
            if child.tag in ("failure", "error", "flakyFailure", "flakyError"):
                break  # one line a test: its reruns' elements repeat the story


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    found = [line for report in sorted(set(reports(root))) for line in findings(report)]
    if found:
        print(f"hive-nosql test: {len(found)} test(s) to look at:")
        print("\n".join(found))
    else:
        print("hive-nosql test: no test failed, erred or needed a rerun")


if __name__ == "__main__":
    main()
