package io.hivenosql.sandbox.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestTestingHdfs {
    @Test
    void startsARealHdfsOnAFreePortAndStopsIt(@TempDir Path work) throws IOException {
        int port;
        try (TestingHdfs hdfs = TestingHdfs.start(work)) {
            port = hdfs.uri().getPort();
            assertThat(hdfs.uri().toString()).startsWith("hdfs://127.0.0.1:");
            assertThat(hdfs.uri("/a/b")).isEqualTo(hdfs.uri() + "/a/b");
            FileSystem fs = FileSystem.get(hdfs.uri(), hdfs.fileSystem().getConf());
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(hdfs.uri("/t/x.txt"));
            try (OutputStream out = fs.create(file)) {
                out.write("one|two|\n".getBytes(StandardCharsets.UTF_8));
            }
            try (FSDataInputStream in = fs.open(file)) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                        .isEqualTo("one|two|\n");
            }
            assertThat(fs.getFileStatus(file).getReplication()).isEqualTo((short) 1);
            assertThatThrownBy(() -> hdfs.uri("relative")).hasMessageContaining("not an absolute path");
        }
        // the NameNode is gone once closed
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
    }
}
