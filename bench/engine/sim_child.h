#pragma once

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>
#include <QUrl>
#include <cstdint>
#include <memory>
#include <vector>

class QProcess;

namespace ys::bench {

// One finished request as yardstick-sim's --log recorded it. Times are CLOCK_MONOTONIC ns, the
// clock the client's samples use; 0 means "never happened".
struct TruthRecord {
    QByteArray requestId;
    int status = 0;
    bool completed = false;
    std::int64_t acceptedNs = 0;
    std::int64_t headersWrittenNs = 0;
    std::int64_t firstContentNs = 0;
    std::int64_t lastByteNs = 0;
    std::int64_t endNs = 0;
    std::vector<std::int64_t> eventPlannedNs;
    std::vector<std::int64_t> eventWrittenNs;
};

// yardstick-sim in a child process, serving the profiles it is given and logging the ground
// truth of every finished request to a file in `dir`.
class SimChild {
public:
    SimChild();
    ~SimChild();
    SimChild(const SimChild &) = delete;
    SimChild &operator=(const SimChild &) = delete;

    // Writes the profiles, starts the binary and waits for the line that names its port. With
    // tls it serves https:// with a certificate of its own, written to caFile().
    bool start(const QString &binary, const QByteArray &profilesJson, const QString &dir,
               QString *error, bool tls = false);
    void stop();

    QUrl baseUrl() const { return m_baseUrl; }
    QString caFile() const { return m_caFile; } // with tls: the certificate to trust
    qint64 pid() const;
    // User + system CPU time of the child so far (from /proc/<pid>/stat); -1 if unreadable.
    std::int64_t cpuNs() const;

    // Every record logged so far; waits up to timeoutMs for the ids in `expected` to appear,
    // since a record is written only when the server has closed its side of the request.
    const QHash<QByteArray, TruthRecord> &records(const QSet<QByteArray> &expected, int timeoutMs);

private:
    void readLog();

    std::unique_ptr<QProcess> m_process;
    QString m_logPath;
    QUrl m_baseUrl;
    QString m_caFile;
    qint64 m_logOffset = 0;
    QHash<QByteArray, TruthRecord> m_records;
};

// CPU time (user + system) of a process from /proc/<pid>/stat; -1 if unreadable.
std::int64_t procCpuNs(qint64 pid);

} // namespace ys::bench
