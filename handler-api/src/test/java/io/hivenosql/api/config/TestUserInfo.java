package io.hivenosql.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestUserInfo {
    @Test
    void masksUserInformationBeforeHosts() {
        assertThat(UserInfo.mask("hive:s3cret@h:6379")).isEqualTo("***@h:6379");
        assertThat(UserInfo.mask("cannot connect to redis://hive:s3cret@h:6379/0"))
                .isEqualTo("cannot connect to redis://***@h:6379/0");
        assertThat(UserInfo.mask("nodes 'a:1,u:p@b:2' and (x@c)")).isEqualTo("nodes 'a:1,***@b:2' and (***@c)");
        assertThat(UserInfo.mask("mongodb://u:p@@ss@h/db")).isEqualTo("mongodb://***@h/db");
        assertThat(UserInfo.mask("no host here")).isEqualTo("no host here");
        assertThat(UserInfo.mask(null)).isNull();
    }
}
