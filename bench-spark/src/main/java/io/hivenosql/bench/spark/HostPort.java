package io.hivenosql.bench.spark;

/** A {@code host:port} address. */
record HostPort(String host, int port) {
    static HostPort parse(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new IllegalArgumentException("not a host:port address: '" + address + "'");
        }
        try {
            return new HostPort(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a host:port address: '" + address + "'", e);
        }
    }
}
