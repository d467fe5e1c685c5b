#pragma once

// The tests' PostgreSQL server: test.sh starts one of its own (tools/pg_test_server.sh) and hands
// its address over in YS_TEST_PG_URL and its password in YS_TEST_PG_PASSWORD. Each test case
// makes a database of its own on it and drops it afterwards, so cases never see each other's rows.
#include <QAtomicInteger>
#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QUrl>
#include <QUuid>

namespace ys::test {

class PgServer {
public:
    // Empty when no server was started for the tests (ctest run without test.sh).
    static QString url() { return qEnvironmentVariable("YS_TEST_PG_URL"); }
    static QString password() { return qEnvironmentVariable("YS_TEST_PG_PASSWORD"); }
    static bool available() { return !url().isEmpty(); }
    // The reason a case skips: said, never a silent pass.
    static const char *skipReason()
    {
        return "no test PostgreSQL server: YS_TEST_PG_URL is not set (./test.sh starts one with "
               "tools/pg_test_server.sh)";
    }
    // A process environment that lets a child (yardstick-cli) log in: the password travels in
    // PGPASSWORD, as a user would give it, never on the command line.
    static QProcessEnvironment environment()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PGPASSWORD"), password());
        return env;
    }
};

// A fresh database on the test server, dropped (with whatever connected to it) when this ends.
class PgDatabase {
public:
    PgDatabase()
    {
        if (!PgServer::available())
            return;
        m_name =
            QStringLiteral("t_") + QUuid::createUuid().toString(QUuid::Id128).left(16).toLower();
        if (!admin([this](QSqlQuery &q) {
                return q.exec(QStringLiteral("CREATE DATABASE %1").arg(m_name));
            }))
            m_name.clear();
        else {
            QUrl u(PgServer::url());
            u.setPath(QLatin1Char('/') + m_name);
            m_url = u.toString();
        }
    }
    ~PgDatabase()
    {
        if (m_name.isEmpty())
            return;
        admin([this](QSqlQuery &q) {
            return q.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
        });
    }
    PgDatabase(const PgDatabase &) = delete;
    PgDatabase &operator=(const PgDatabase &) = delete;

    bool isValid() const { return !m_url.isEmpty(); }
    // postgresql://ys@127.0.0.1:PORT/t_xxxx, without a password.
    const QString &url() const { return m_url; }
    const QString &name() const { return m_name; }
    const QString &error() const { return m_error; }

private:
    template <typename F> bool admin(F &&f)
    {
        static QAtomicInteger<int> counter;
        const QString connection =
            QStringLiteral("ys-test-pg-admin-%1").arg(counter.fetchAndAddRelaxed(1));
        bool ok = false;
        {
            const QUrl u(PgServer::url());
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
            db.setHostName(u.host());
            db.setPort(u.port(5432));
            db.setUserName(u.userName());
            db.setPassword(PgServer::password());
            db.setDatabaseName(QStringLiteral("postgres"));
            if (db.open()) {
                QSqlQuery q(db);
                ok = f(q);
                if (!ok)
                    m_error = q.lastError().text();
            } else {
                m_error = db.lastError().text();
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);
        return ok;
    }

    QString m_name;
    QString m_url;
    QString m_error;
};

} // namespace ys::test
