#include "sim_child.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QThread>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace ys::bench {

namespace {

// Translation context of this file's messages.
struct SimChildTr {
    Q_DECLARE_TR_FUNCTIONS(SimChild)
};

std::int64_t timeOf(const nlohmann::json &object, const char *key)
{
    const auto it = object.find(key);
    return it == object.end() || !it->is_number_integer() ? 0 : it->get<std::int64_t>();
}

std::vector<std::int64_t> timesOf(const nlohmann::json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_array())
        return {};
    return it->get<std::vector<std::int64_t>>();
}

} // namespace

std::int64_t procCpuNs(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = file.readAll();
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const qsizetype paren = stat.lastIndexOf(')');
    if (paren < 0)
        return -1;
    const QList<QByteArray> fields = stat.mid(paren + 2).split(' ');
    if (fields.size() < 13)
        return -1;
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
    const std::int64_t ticks = fields[11].toLongLong() + fields[12].toLongLong();
    return ticks * (1'000'000'000 / ::sysconf(_SC_CLK_TCK));
}

SimChild::SimChild() = default;

SimChild::~SimChild()
{
    stop();
}

bool SimChild::start(const QString &binary, const QByteArray &profilesJson, const QString &dir,
                     QString *error, bool tls)
{
    const QString profilesPath = dir + QStringLiteral("/profiles.json");
    QFile profiles(profilesPath);
    if (!profiles.open(QIODevice::WriteOnly) || profiles.write(profilesJson) < 0) {
        *error = SimChildTr::tr("cannot write %1: %2").arg(profilesPath, profiles.errorString());
        return false;
    }
    profiles.close();
    m_logPath = dir + QStringLiteral("/ground_truth.jsonl");
    m_logOffset = 0;
    m_records.clear();

    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->setProgram(binary);
    QStringList arguments{QStringLiteral("--listen"),   QStringLiteral("127.0.0.1:0"),
                          QStringLiteral("--profiles"), profilesPath,
                          QStringLiteral("--log"),      m_logPath};
    m_caFile.clear();
    if (tls) {
        m_caFile = dir + QStringLiteral("/sim-cert.pem");
        arguments << QStringLiteral("--tls") << QStringLiteral("--cert-out") << m_caFile;
    }
    m_process->setArguments(arguments);
    m_process->start();
    if (!m_process->waitForStarted(10000)) {
        *error = SimChildTr::tr("cannot start %1: %2").arg(binary, m_process->errorString());
        return false;
    }
    // "yardstick-sim listening on http://127.0.0.1:PORT/v1"
    const QByteArray prefix = "yardstick-sim listening on ";
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 10000) {
        if (m_process->canReadLine()) {
            const QByteArray line = m_process->readLine().trimmed();
            if (line.startsWith(prefix)) {
                m_baseUrl = QUrl(QString::fromUtf8(line.mid(prefix.size())));
                return m_baseUrl.isValid();
            }
            continue;
        }
        if (m_process->state() != QProcess::Running)
            break;
        m_process->waitForReadyRead(200);
    }
    *error = SimChildTr::tr("yardstick-sim did not report its port: %1")
                 .arg(QString::fromUtf8(m_process->readAllStandardError()));
    return false;
}

void SimChild::stop()
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate();
    if (!m_process->waitForFinished(5000)) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

qint64 SimChild::pid() const
{
    return m_process ? m_process->processId() : 0;
}

std::int64_t SimChild::cpuNs() const
{
    return procCpuNs(pid());
}

void SimChild::readLog()
{
    QFile file(m_logPath);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(m_logOffset))
        return;
    const QByteArray bytes = file.readAll();
    // Only whole lines: the server may be writing the next one.
    const qsizetype end = bytes.lastIndexOf('\n');
    if (end < 0)
        return;
    m_logOffset += end + 1;
    qsizetype from = 0;
    while (from < end) {
        qsizetype eol = bytes.indexOf('\n', from);
        const std::string_view line(bytes.constData() + from, std::size_t(eol - from));
        from = eol + 1;
        const nlohmann::json object = nlohmann::json::parse(line, nullptr, false);
        if (!object.is_object() || !object.contains("request_id"))
            continue;
        TruthRecord r;
        r.requestId = QByteArray::fromStdString(object["request_id"].get<std::string>());
        r.status = object.value("status", 0);
        r.completed = object.value("completed", false);
        r.acceptedNs = timeOf(object, "accepted_ns");
        r.headersWrittenNs = timeOf(object, "headers_written_ns");
        r.firstContentNs = timeOf(object, "first_content_ns");
        r.lastByteNs = timeOf(object, "last_byte_ns");
        r.endNs = timeOf(object, "end_ns");
        r.eventPlannedNs = timesOf(object, "event_planned_ns");
        r.eventWrittenNs = timesOf(object, "event_written_ns");
        m_records.insert(r.requestId, std::move(r));
    }
}

const QHash<QByteArray, TruthRecord> &SimChild::records(const QSet<QByteArray> &expected,
                                                        int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    for (;;) {
        readLog();
        bool all = true;
        for (const QByteArray &id : expected) {
            if (!m_records.contains(id)) {
                all = false;
                break;
            }
        }
        if (all || clock.elapsed() >= timeoutMs)
            return m_records;
        QThread::msleep(50);
    }
}

} // namespace ys::bench
