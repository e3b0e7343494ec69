package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Looks for texts in every file under some local directories and HDFS directories: in the bytes as stored and in
 * every zlib stream found inside them (Tez deflates the configurations it puts in DAG plans and recovery logs, so a
 * secret there would not appear as plain bytes). Records which files it read and which of them hold which text.
 */
final class SecretScan {
    /** A zlib stream's first byte (deflate, 32K window) and the second bytes of its four compression levels. */
    private static final int ZLIB_CMF = 0x78;

    private static final List<Integer> ZLIB_FLG = List.of(0x01, 0x5e, 0x9c, 0xda);
    private static final int MAX_INFLATED = 64 << 20;

    private final List<String> texts;
    private final Map<String, Long> files = new LinkedHashMap<>();
    private final Map<String, List<String>> hits = new LinkedHashMap<>();

    SecretScan(List<String> texts) {
        this.texts = List.copyOf(requireNonNull(texts, "texts is null"));
    }

    /** Reads every regular file under {@code dir} (a missing directory is skipped). */
    SecretScan local(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return this;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                try {
                    scan(file.toString(), Files.readAllBytes(file));
                } catch (java.nio.file.NoSuchFileException e) {
                    // a log rolled or a container's directory deleted while walking
                }
            }
        }
        return this;
    }

    /** Reads every file under {@code dir} on {@code hdfs} (a missing directory is skipped). */
    SecretScan hdfs(FileSystem hdfs, String dir) throws IOException {
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(dir);
        if (!hdfs.exists(root)) {
            return this;
        }
        RemoteIterator<LocatedFileStatus> walk = hdfs.listFiles(root, true);
        while (walk.hasNext()) {
            LocatedFileStatus status = walk.next();
            try (InputStream in = hdfs.open(status.getPath())) {
                scan(status.getPath().toUri().getPath(), in.readAllBytes());
            } catch (FileNotFoundException e) {
                // deleted at the end of its query while walking
            }
        }
        return this;
    }

    /** The files read, by name, with their sizes in bytes. */
    Map<String, Long> files() {
        return files;
    }

    /** The files that hold {@code text}, as stored or inflated. */
    List<String> filesHolding(String text) {
        return hits.getOrDefault(text, List.of());
    }

    private void scan(String name, byte[] content) {
        files.put(name, (long) content.length);
        List<byte[]> views = new ArrayList<>();
        views.add(content);
        views.addAll(inflatedStreams(content));
        for (String text : texts) {
            byte[] needle = text.getBytes(UTF_8);
            if (views.stream().anyMatch(view -> indexOf(view, needle) >= 0)) {
                hits.computeIfAbsent(text, t -> new ArrayList<>()).add(name);
            }
        }
    }

    private static List<byte[]> inflatedStreams(byte[] content) {
        List<byte[]> streams = new ArrayList<>();
        for (int i = 0; i + 1 < content.length; i++) {
            if ((content[i] & 0xff) != ZLIB_CMF || !ZLIB_FLG.contains(content[i + 1] & 0xff)) {
                continue;
            }
            Inflater inflater = new Inflater();
            try {
                inflater.setInput(content, i, content.length - i);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                byte[] buffer = new byte[8192];
                while (!inflater.finished() && out.size() < MAX_INFLATED) {
                    int n = inflater.inflate(buffer);
                    if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        break;
                    }
                    out.write(buffer, 0, n);
                }
                if (out.size() > 0) {
                    streams.add(out.toByteArray());
                }
            } catch (DataFormatException e) {
                // not a zlib stream after all
            } finally {
                inflater.end();
            }
        }
        return streams;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
