package io.hivenosql.api.mapping;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** Mapping sources that serve a fixed text, for any URL (as a Hadoop-backed source would serve hdfs: URLs). */
final class TestingMappingSources {
    private TestingMappingSources() {}

    static MappingSource of(String content) {
        return url -> new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8));
    }
}
