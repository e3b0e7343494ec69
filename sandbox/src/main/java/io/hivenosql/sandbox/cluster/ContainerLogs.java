package io.hivenosql.sandbox.cluster;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the NodeManagers' container log directories ({@code <log dir>/<application>/<container>/}) tell about the Tez
 * containers that ran: each task attempt leaves {@code syslog_attempt_<attempt id>} in its container's directory, and
 * each Tez JVM logs its pid ({@code TezChild starting with PID=...}, tasks only), its {@code java.class.path} and its
 * {@code user.dir} (the container's working directory, where YARN links the localized resources) to {@code syslog}.
 */
public final class ContainerLogs {
    private static final Pattern TASK_PID = Pattern.compile("TezChild starting with PID=(\\d+)");
    private static final String CLASS_PATH = "java.class.path: ";
    private static final String USER_DIR = "user.dir: ";
    private static final String ATTEMPT_LOG = "syslog_attempt_";
    /** A Tez log line's time stamp, {@code 2026-01-31T10:11:12,345 [INFO] ...}. */
    private static final Pattern TIMESTAMP = Pattern.compile("(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2},\\d{3}) ");

    private final List<Path> logDirs;

    public ContainerLogs(List<Path> logDirs) {
        this.logDirs = List.copyOf(requireNonNull(logDirs, "logDirs is null"));
    }

    /** A container's directory of logs, named by its container id ({@code container_<app>_<attempt>_<n>}). */
    public record Container(Path logDir) {
        public Container {
            requireNonNull(logDir, "logDir is null");
        }

        public String id() {
            return logDir.getFileName().toString();
        }

        /** The application's id, {@code application_<cluster timestamp>_<n>}. */
        public String applicationId() {
            return logDir.getParent().getFileName().toString();
        }

        /** Whether this is the application's first container: the Tez AM's. */
        public boolean isApplicationMaster() {
            return id().endsWith("_000001");
        }

        /** The pid a Tez task container logged ({@code TezChild starting with PID=...}). */
        public OptionalLong taskPid() {
            return syslogLine(TASK_PID.pattern().substring(0, TASK_PID.pattern().indexOf('(')))
                    .map(TASK_PID::matcher)
                    .filter(Matcher::find)
                    .map(matcher -> OptionalLong.of(Long.parseLong(matcher.group(1))))
                    .orElse(OptionalLong.empty());
        }

        /** The JVM's classpath, as it logged it; empty when it did not. */
        public List<Path> classPath() {
            return syslogLine(CLASS_PATH)
                    .map(line -> line.substring(line.indexOf(CLASS_PATH) + CLASS_PATH.length()))
                    .map(value -> Stream.of(value.split(File.pathSeparator))
                            .filter(entry -> !entry.isBlank())
                            .map(entry -> Path.of(entry.trim()).normalize())
                            .toList())
                    .orElse(List.of());
        }

        /** The container's working directory ({@code user.dir}), which holds the resources YARN localized. */
        public Optional<Path> workingDir() {
            return syslogLine(USER_DIR).map(line -> Path.of(line.substring(line.indexOf(USER_DIR) + USER_DIR.length())
                            .trim())
                    .normalize());
        }

        /** The classpath entries YARN localized into the working directory: what Hive and Tez shipped. */
        public List<Path> shippedClassPath() {
            Optional<Path> dir = workingDir();
            return classPath().stream()
                    .filter(entry -> dir.isPresent() && entry.startsWith(dir.get()))
                    .toList();
        }

        /** The classpath entries from the cluster's own installation ({@code yarn.application.classpath}). */
        public List<Path> clusterClassPath() {
            Optional<Path> dir = workingDir();
            return classPath().stream()
                    .filter(entry -> dir.isEmpty() || !entry.startsWith(dir.get()))
                    .toList();
        }

        private Optional<String> syslogLine(String marker) {
            Path syslog = logDir.resolve("syslog");
            if (!Files.isRegularFile(syslog)) {
                return Optional.empty();
            }
            var decoder = UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE);
            try (BufferedReader reader =
                    new BufferedReader(new java.io.InputStreamReader(Files.newInputStream(syslog), decoder))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.contains(marker)) {
                        return Optional.of(line);
                    }
                }
                return Optional.empty();
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read " + syslog, e);
            }
        }
    }

    /** A task attempt's log, {@code <container log dir>/syslog_attempt_<attempt id>}. */
    public record Attempt(String id, Container container) {
        public Attempt {
            requireNonNull(id, "id is null");
            requireNonNull(container, "container is null");
        }

        public Path log() {
            return container.logDir().resolve(ATTEMPT_LOG + id);
        }

        /** The task's id: the attempt id without its attempt number ({@code attempt_<app>_<dag>_<vertex>_<task>}). */
        public String taskId() {
            return id.substring(0, id.lastIndexOf('_'));
        }

        /** The attempt's number within its task: 0 for the first, 1 for the first retry, ... */
        public int number() {
            return Integer.parseInt(id.substring(id.lastIndexOf('_') + 1));
        }

        /** When the attempt logged its first and its last line; empty while its log holds no timestamped line. */
        public Optional<Interval> interval() {
            return span("", Optional.empty());
        }

        /**
         * From the attempt's first line that contains {@code from} to its first later line that contains {@code to}
         * (e.g. a reader's opening and closing lines); empty until both are logged.
         */
        public Optional<Interval> interval(String from, String to) {
            requireNonNull(from, "from is null");
            requireNonNull(to, "to is null");
            return span(from, Optional.of(to));
        }

        /** With no {@code to}: until the last timestamped line. */
        private Optional<Interval> span(String from, Optional<String> to) {
            LocalDateTime first = null;
            LocalDateTime last = null;
            var decoder = UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE);
            try (BufferedReader reader =
                    new BufferedReader(new java.io.InputStreamReader(Files.newInputStream(log()), decoder))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    Matcher matcher = TIMESTAMP.matcher(line);
                    if (!matcher.lookingAt()) {
                        continue;
                    }
                    LocalDateTime time = LocalDateTime.parse(matcher.group(1).replace(',', '.'));
                    if (first == null) {
                        first = line.contains(from) ? time : null;
                    } else if (to.isEmpty()) {
                        last = time;
                    } else if (line.contains(to.get())) {
                        return Optional.of(new Interval(first, time));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read " + log(), e);
            }
            if (first == null || to.isPresent()) {
                return Optional.empty();
            }
            return Optional.of(new Interval(first, last == null ? first : last));
        }
    }

    /** The time between two log lines (log time stamps: the NodeManagers' clock, millisecond precision). */
    public record Interval(LocalDateTime start, LocalDateTime end) {
        public Interval {
            requireNonNull(start, "start is null");
            requireNonNull(end, "end is null");
        }

        /** Whether both intervals hold a common instant. */
        public boolean overlaps(Interval other) {
            return !start.isAfter(other.end) && !other.start.isAfter(end);
        }
    }

    /** Every task attempt logged so far, by attempt id. */
    public Set<String> attemptIds() {
        Set<String> ids = new TreeSet<>();
        attempts().forEach(attempt -> ids.add(attempt.id()));
        return ids;
    }

    /** Every task attempt logged so far. */
    public List<Attempt> attempts() {
        List<Attempt> attempts = new ArrayList<>();
        for (Container container : containers()) {
            try (Stream<Path> files = Files.list(container.logDir())) {
                files.map(file -> file.getFileName().toString())
                        .filter(name -> name.startsWith(ATTEMPT_LOG))
                        .sorted()
                        .forEach(name -> attempts.add(new Attempt(name.substring(ATTEMPT_LOG.length()), container)));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + container.logDir(), e);
            }
        }
        return attempts;
    }

    /** The task attempts logged since {@code before} (ids from {@link #attemptIds()}). */
    public List<Attempt> attemptsSince(Set<String> before) {
        return attempts().stream()
                .filter(attempt -> !before.contains(attempt.id()))
                .toList();
    }

    /** Every container of every application, in id order. */
    public List<Container> containers() {
        List<Container> containers = new ArrayList<>();
        for (Path logDir : logDirs) {
            if (!Files.isDirectory(logDir)) {
                continue;
            }
            try (Stream<Path> containerDirs = Files.find(
                    logDir,
                    2,
                    (path, attributes) -> attributes.isDirectory()
                            && path.getFileName().toString().startsWith("container_"))) {
                containerDirs.sorted().forEach(dir -> containers.add(new Container(dir)));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + logDir, e);
            }
        }
        return containers;
    }

    /** The Tez AM's container of {@code applicationId}, if it logged. */
    public Optional<Container> applicationMaster(String applicationId) {
        return containers().stream()
                .filter(container -> container.applicationId().equals(applicationId) && container.isApplicationMaster())
                .findFirst();
    }
}
