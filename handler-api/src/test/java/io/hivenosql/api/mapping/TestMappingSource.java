package io.hivenosql.api.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestMappingSource {
    @TempDir
    Path directory;

    @Test
    void readsPlainPathsAndFileUrls() throws IOException {
        Path file = directory.resolve("mapping file.json");
        Files.writeString(file, "content");
        assertThat(read(file.toString())).isEqualTo("content");
        assertThat(read(file.toUri().toString())).isEqualTo("content");
        assertThat(read("file:" + file)).isEqualTo("content");
        assertThat(read("FILE:" + file)).isEqualTo("content");
        assertThat(read("file://" + file)).isEqualTo("content");
    }

    @Test
    void readsClasspathResources() throws IOException {
        assertThat(read("classpath:mappings/person-schema.json")).contains("\"record\"");
        assertThat(read("classpath:/mappings/person-schema.json")).contains("\"record\"");
        assertThatThrownBy(() -> read("classpath:mappings/missing.json"))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessage("classpath resource 'mappings/missing.json' not found");
    }

    @Test
    void refusesSchemesItCannotRead() {
        assertThatThrownBy(() -> read("hdfs://namenode:8020/m.json"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the URL scheme 'hdfs:' cannot be read here");
        assertThatThrownBy(() -> read("file://host/m.json"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("names a host; a file: URL must be local");
        assertThatThrownBy(() -> read(directory.resolve("missing.json").toString()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("missing.json");
    }

    private static String read(String url) throws IOException {
        try (InputStream in = MappingSource.LOCAL.open(url)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
