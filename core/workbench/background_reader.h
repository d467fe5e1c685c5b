#pragma once

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QThread>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace ys {

class Database;
class SessionRepository;

// Runs the reads a page needs (two sessions compared, a provider's drift across every session)
// on a thread of its own through a database connection of its own, so that a big database never
// stalls the window; the window's few writes (a bundle imported, a suite queued) go the same way. A
// job runs on that thread and returns what is to be done with its result on the owner's thread.
// Jobs belong to a channel: a newer job of a channel supersedes the older ones, whose delivery is
// dropped (and which are skipped when still queued).
class BackgroundReader : public QObject {
    Q_OBJECT
public:
    // Called on the owner's thread with the job's result.
    using Delivery = std::function<void()>;
    // Called on the reader's thread; *error says why the connection could not be opened (the
    // job then gets no repository and must say so in its delivery).
    using Job = std::function<Delivery(const SessionRepository *repo, const QString &error)>;

    // threadName names the thread (for a debugger or a profiler).
    explicit BackgroundReader(QString dbPath, QObject *parent = nullptr,
                              const QString &threadName = QStringLiteral("ys-page-reads"));
    // Waits for the job under way to end (a read cannot be interrupted half-way).
    ~BackgroundReader() override;

    // Queues a job; its delivery runs on this object's thread while context still exists.
    void submit(const QString &channel, QObject *context, Job job);
    // The usual job: value = readValue(repo, &error) on the reader's thread (left empty when
    // the connection could not be opened), then done(value, error) on the owner's thread.
    template <typename Read, typename Done>
    void read(const QString &channel, QObject *context, Read readValue, Done done)
    {
        submit(channel, context,
               [read = std::move(readValue), done = std::move(done)](const SessionRepository *repo,
                                                                     const QString &openError) {
                   QString error = openError;
                   std::invoke_result_t<const Read &, const SessionRepository &, QString *> value{};
                   if (repo)
                       value = read(*repo, &error);
                   return Delivery([done, value = std::move(value), error]() mutable {
                       done(std::move(value), error);
                   });
               });
    }
    // Whether a job of the channel has its delivery still to come.
    bool pending(const QString &channel) const { return m_pending.value(channel) != 0; }
    bool busy() const;

Q_SIGNALS:
    // True when the first job is queued, false when the last delivery is made.
    void busyChanged(bool busy);

private:
    bool isCurrent(const QString &channel, quint64 ticket) const;

    QString m_dbPath;
    QThread m_thread;
    QObject *m_context;             // lives on m_thread: what jobs are queued to
    std::unique_ptr<Database> m_db; // opened and closed on m_thread only
    std::unique_ptr<SessionRepository> m_repo;
    QString m_openError;
    mutable QMutex m_latestLock;       // guards m_latest, read on both threads
    QHash<QString, quint64> m_latest;  // the newest ticket per channel
    QHash<QString, quint64> m_pending; // owner's thread only: the ticket still to deliver
    quint64 m_nextTicket = 0;
};

} // namespace ys
