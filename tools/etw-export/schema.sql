-- SPDX-License-Identifier: GPL-2.0-only
--
-- etw-export's tables in ClickHouse (etw-export --init-schema creates
-- them; Documentation/fleet.rst has the queries).  {db} is the database
-- (--database, default etw), {cluster} the cluster of the servers'
-- remote_servers (--cluster, default etw).  With a cluster each server
-- holds events_local, losses_local and hosts_local, and events, losses
-- and hosts are Distributed tables over them; without one (--cluster '')
-- events, losses and hosts are the ReplacingMergeTree tables themselves
-- ({local} is then empty and the statements marked "cluster" are left
-- out).  {engine:TABLE[:VERSION]} is ReplacingMergeTree[(VERSION)], or
-- with --replicated ReplicatedReplacingMergeTree on ZooKeeper path
-- /clickhouse/tables/{shard}/DB.TABLE and replica '{replica}' ({shard}
-- and {replica}: each server's macros).
--
-- The key.  An event is (host, boot_id, session, start, file, seq):
-- the host, the boot, the session and when it started, the file (for a
-- replayed .etl) and the event's number in that stream
-- (tools/common/origin.h).  etw-export sends at least once; a batch it
-- sends again has the same keys, and ReplacingMergeTree keeps one row per
-- key when it merges.  The sharding key is a function of the key, so a
-- copy always lands on the shard that has the first.  Until the merge,
-- count() may count a copy: the queries of Documentation/fleet.rst read
-- with FINAL (or count uniqExact of the key), which is right at any time.
--
-- Types.  Only what ClickHouse 18.16 (Debian bookworm's
-- clickhouse-server) and current releases both accept.  On a current
-- release alone one would use DateTime64(7, 'UTC') for the time instead
-- of ts and a MATERIALIZED DateTime, LowCardinality(String) for host,
-- session, provider_name and the other names (18.16 has it only behind
-- allow_experimental_low_cardinality_type), the JSON type (or
-- Map(String, String)) for fields instead of JSON text read with
-- visitParamExtract*, CODEC(Delta, ZSTD) on ts and seq, a TTL, and
-- insert deduplication tokens (non_replicated_deduplication_window).

CREATE DATABASE IF NOT EXISTS {db};

-- One row per event.  ts is the event's time in 100 ns since 1601-01-01
-- UTC (FILETIME), time the same to the second.  The names are what TDH
-- decoded (manifest, TraceLogging metadata, kernel classes), '' when
-- unknown; fields is the decoded fields as a JSON object, message the
-- manifest's message; an event that could not be decoded has its payload
-- in hex and undecoded says why.
CREATE TABLE IF NOT EXISTS {db}.events{local}
(
    host String,
    boot_id UUID,
    session String,
    start UInt64,
    file String,
    seq UInt64,
    ts UInt64,
    time DateTime ALIAS
        toDateTime(greatest(intDiv(ts, 10000000), 11644473600) - 11644473600),
    cpu UInt32,
    pid UInt32,
    tid UInt32,
    provider UUID,
    id UInt16,
    version UInt8,
    level UInt8,
    channel UInt8,
    keywords UInt64,
    opcode UInt8,
    task UInt16,
    flags String,
    provider_name String,
    event String,
    level_name String,
    task_name String,
    opcode_name String,
    keywords_name String,
    channel_name String,
    activity UUID,
    related_activity UUID,
    ext Array(UInt16),
    ext_data String,
    len UInt32,
    fields String,
    message String,
    payload String,
    string String,
    undecoded String
)
ENGINE = {engine:events}
PARTITION BY toYYYYMM(toDateTime(greatest(intDiv(ts, 10000000), 11644473600) - 11644473600))
ORDER BY (host, boot_id, session, start, file, seq);

-- One row per source and interval, and when a source ends (final = 1):
-- its totals so far.  rows: events read from it; events_lost and
-- buffers_lost: what ETW counted lost (the session's counters, or the
-- file's header); dropped: events etw-export dropped because its spool
-- was full; rejected: events it could not ship (too large, or refused by
-- the server).  The totals only grow, so max() per source is right
-- however many rows a restart sent twice.  lag_seconds: how long the
-- oldest row still in the spool has waited.
CREATE TABLE IF NOT EXISTS {db}.losses{local}
(
    host String,
    boot_id UUID,
    session String,
    start UInt64,
    file String,
    time DateTime,
    rows UInt64,
    events_lost UInt64,
    buffers_lost UInt64,
    dropped UInt64,
    rejected UInt64,
    lag_seconds Float64,
    final UInt8
)
ENGINE = {engine:losses}
PARTITION BY toYYYYMM(time)
ORDER BY (host, boot_id, session, start, file, time);

-- One row per exporter and interval; merges keep each host and boot's
-- newest.
CREATE TABLE IF NOT EXISTS {db}.hosts{local}
(
    host String,
    boot_id UUID,
    time DateTime,
    started DateTime,
    version String,
    kernel String,
    spool_bytes UInt64,
    spool_limit UInt64,
    lag_seconds Float64,
    rows_sent UInt64,
    dropped UInt64,
    rejected UInt64,
    last_error String
)
ENGINE = {engine:hosts:time}
ORDER BY (host, boot_id);

-- cluster
CREATE TABLE IF NOT EXISTS {db}.events AS {db}.events_local
ENGINE = Distributed({cluster}, {db}, events_local, cityHash64(host, session, start, file, seq));

-- cluster
CREATE TABLE IF NOT EXISTS {db}.losses AS {db}.losses_local
ENGINE = Distributed({cluster}, {db}, losses_local, cityHash64(host));

-- cluster
CREATE TABLE IF NOT EXISTS {db}.hosts AS {db}.hosts_local
ENGINE = Distributed({cluster}, {db}, hosts_local, cityHash64(host));
