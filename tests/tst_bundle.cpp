// Session bundles (storage/session_bundle.h, docs/bundles.md) through `yardstick-cli bundle`: a
// session run against the simulator, bundled and imported into a fresh SQLite file and into
// PostgreSQL and back, shows the same `show --json`; a damaged, newer or repeated bundle is
// refused, and an import that fails midway leaves the target as it was.
#include "cli_runner.h"
#include "fixtures.h"
#include "pg_fixture.h"
#include "storage/database.h"
#include "storage/session_bundle.h"
#include "test_main.h"
#include "test_support.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// A key value the suite refers to; it must never reach a bundle.
constexpr char kSecret[] = "bundle-test-key-value-never-exported";

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// A bundle's lines, changed by edit, written with a trailer whose checksum fits again: what a
// program (not damage) that writes bundles could produce.
bool rewriteBundle(const QString &from, const QString &to,
                   const std::function<void(std::vector<json> &)> &edit)
{
    std::vector<json> lines;
    for (const QByteArray &line : readAll(from).split('\n'))
        if (!line.isEmpty())
            lines.push_back(json::parse(line.toStdString()));
    if (lines.size() < 2)
        return false;
    json trailer = lines.back();
    lines.pop_back();
    edit(lines);
    QByteArray out;
    for (const json &l : lines)
        out += QByteArray::fromStdString(l.dump()) + '\n';
    trailer["sha256"] =
        QCryptographicHash::hash(out, QCryptographicHash::Sha256).toHex().toStdString();
    out += QByteArray::fromStdString(trailer.dump()) + '\n';
    return writeAll(to, out);
}

} // namespace

// Two JSON documents equal, or the patch that turns the expected one into the actual one.
#define YS_COMPARE_JSON(actual, expected)                                                          \
    do {                                                                                           \
        const json a_ = (actual);                                                                  \
        const json e_ = (expected);                                                                \
        QVERIFY2(a_ == e_, json::diff(e_, a_).dump().substr(0, 2000).c_str());                     \
    } while (false)

class TstBundle : public test::ScratchSimTest {
    Q_OBJECT

private:
    using Result = test::CliResult;

    // yardstick-cli, with the team store's server in its environment.
    Result cli(const QStringList &args)
    {
        return test::runProgram(test::binDir() + QStringLiteral("/yardstick-cli"), args,
                                120000 * test::kSlow, test::PgServer::environment());
    }

    json show(const QString &db)
    {
        const Result r =
            cli({QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        if (r.code != 0) {
            qWarning().noquote() << "show failed:" << r.err;
            return nullptr;
        }
        return json::parse(r.out.toStdString(), nullptr, false);
    }

    Result exportBundle(const QString &db, const QString &out)
    {
        return cli({QStringLiteral("bundle"), QStringLiteral("export"), QStringLiteral("--db"), db,
                    QStringLiteral("--out"), out});
    }

    Result importBundle(const QString &db, const QString &in)
    {
        return cli({QStringLiteral("bundle"), QStringLiteral("import"), QStringLiteral("--db"), db,
                    QStringLiteral("--in"), in});
    }

    // Rows of each table a bundle carries, and the bytes of every attempt's event times: what
    // an import must reproduce beyond the summary.
    QString contents(const QString &path)
    {
        Database db(path);
        QString error;
        if (!db.open(&error))
            return error;
        QStringList parts;
        for (const QString &table : SessionBundle::carriedTables()) {
            QSqlQuery q(db.connection());
            q.exec(QStringLiteral("SELECT COUNT(*) FROM %1").arg(table));
            q.next();
            parts << QStringLiteral("%1=%2").arg(table).arg(q.value(0).toLongLong());
        }
        QSqlQuery q(db.connection());
        q.exec(QStringLiteral("SELECT seq, attempt, outcome, event_times, response_headers, "
                              "text_hash, cost_usd, tool_args_ns FROM samples "
                              "ORDER BY run_id, seq, attempt"));
        QCryptographicHash h(QCryptographicHash::Sha256);
        while (q.next())
            for (int i = 0; i < 8; ++i)
                h.addData(q.value(i).toString().toUtf8() + q.value(i).toByteArray() + '|');
        parts << QString::fromLatin1(h.result().toHex());
        return parts.join(QLatin1Char(' '));
    }

    QString writeSuite()
    {
        json providers = json::array();
        providers.push_back({{"name", "Alpha"},
                             {"dialect", "openai-chat"},
                             {"base_url", m_sim->baseUrl().toString().toStdString()},
                             {"model", "fast"},
                             {"api_key", "env:YS_BUNDLE_TEST_KEY"},
                             {"price", {{"input_per_mtok", 0.5}, {"output_per_mtok", 1.5}}},
                             {"context_window", 128000}});
        providers.push_back({{"name", "贝塔"},
                             {"dialect", "openai-chat"},
                             {"base_url", m_sim->baseUrl().toString().toStdString()},
                             {"model", "fast"}});
        const json scenarios =
            json::array({{{"kind", "latency"},
                          {"requests", 8},
                          {"warmup", 1},
                          {"concurrency", 2},
                          {"prompt_tokens", 64},
                          {"max_output_tokens", 16},
                          {"needle_depth", 0.5}},
                         {{"kind", "context_sweep"},
                          {"prompt_tokens", json::array({64, 256})},
                          {"requests_per_point", 2},
                          {"concurrency", 1}},
                         {{"kind", "determinism"}, {"prompts", 2}, {"repeats", 2}}});
        const json doc{{"format", "yardstick-suite/1"},
                       {"name", "bundle"},
                       {"providers", providers},
                       {"scenarios", scenarios}};
        const QString path = m_dir.filePath(QStringLiteral("suite.json"));
        return writeAll(path, QByteArray::fromStdString(doc.dump(2))) ? path : QString();
    }

    QString path(const QString &name) const { return m_dir.filePath(name); }

    QString m_db;
    QString m_bundle;
    json m_show;

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("YS_BUNDLE_TEST_KEY", kSecret);
        test::startFastSimIn(m_dir, m_sim);
        if (QTest::currentTestFailed())
            return;
        m_db = path(QStringLiteral("origin.sqlite"));
        const Result ran = cli({QStringLiteral("run"), QStringLiteral("--suite"), writeSuite(),
                                QStringLiteral("--db"), m_db});
        QVERIFY2(ran.code == 0, qPrintable(ran.err));
        // The simulator's answers make no tool calls: some attempts are given the moment their
        // call's arguments were complete, so the bundle carries tool_args_ns as it carries the
        // rest (contents() compares it).
        {
            Database db(m_db);
            QString error;
            QVERIFY2(db.open(&error), qPrintable(error));
            QSqlQuery q(db.connection());
            QVERIFY(q.exec(QStringLiteral("UPDATE samples SET tool_args_ns = end_ns - seq "
                                          "WHERE outcome = 'ok' AND seq % 2 = 0")));
            QVERIFY(q.numRowsAffected() > 0);
        }
        m_show = show(m_db);
        QVERIFY(m_show.is_object());
        QCOMPARE(m_show["providers"].size(), std::size_t(2));
        // show --json is a function of the database: the comparisons below rest on it.
        YS_COMPARE_JSON(show(m_db), m_show);
        m_bundle = path(QStringLiteral("origin.ysbundle"));
        const Result exported = exportBundle(m_db, m_bundle);
        QVERIFY2(exported.code == 0, qPrintable(exported.err));
    }

    void cleanupTestCase() { m_sim.reset(); }

    // Every table of a database is either carried or left out on purpose, so a table added
    // later is not lost in silence.
    void everyTableIsAccounted()
    {
        Database db(path(QStringLiteral("tables.sqlite")));
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                      "name NOT LIKE 'sqlite_%' ORDER BY name")));
        QStringList tables;
        while (q.next())
            tables << q.value(0).toString();
        QStringList known = SessionBundle::carriedTables() + SessionBundle::tablesLeftOut();
        known.sort();
        QCOMPARE(tables, known);
    }

    void bundleIsReadable()
    {
        const QByteArray bytes = readAll(m_bundle);
        QVERIFY(!bytes.contains(kSecret));
        QVERIFY(bytes.contains("env:YS_BUNDLE_TEST_KEY"));
        const QList<QByteArray> lines = bytes.trimmed().split('\n');
        const json header = json::parse(lines.first().toStdString());
        QVERIFY(header["format"] == json("yardstick-session-bundle"));
        QVERIFY(header["format_version"] == json(1));
        QVERIFY(header["schema_version"] == json(Database::kSchemaVersion));
        const json trailer = json::parse(lines.last().toStdString());
        QVERIFY(trailer["end"] == json(true));
        QString error;
        const auto verified = SessionBundle::verify(m_bundle, &error);
        QVERIFY2(verified, qPrintable(error));
        QCOMPARE(verified->rows, qint64(lines.size() - 2 - SessionBundle::carriedTables().size()));
    }

    void sqliteRoundTrip()
    {
        const QString target = path(QStringLiteral("copy.sqlite"));
        const Result imported = importBundle(target, m_bundle);
        QVERIFY2(imported.code == 0, qPrintable(imported.err));
        YS_COMPARE_JSON(show(target), m_show);
        QCOMPARE(contents(target), contents(m_db));

        // The same bundle again is refused, naming the session it already is.
        const Result again = importBundle(target, m_bundle);
        QCOMPARE(again.code, 2);
        QVERIFY2(again.err.contains(QStringLiteral("as session 1")), qPrintable(again.err));
        QCOMPARE(contents(target), contents(m_db));

        // A bundle of the copy is the same session: refused by the origin too.
        const QString second = path(QStringLiteral("copy.ysbundle"));
        QCOMPARE(exportBundle(target, second).code, 0);
        QCOMPARE(importBundle(m_db, second).code, 2);
    }

    // A database that holds another session keeps it, and the import takes the next id.
    void importBesideAnotherSession()
    {
        const QString other = path(QStringLiteral("other.ysbundle"));
        QVERIFY(rewriteBundle(m_bundle, other, [](std::vector<json> &lines) {
            lines.front()["session_uid"] = "00000000-0000-0000-0000-00000000beef";
        }));
        const QString target = path(QStringLiteral("beside.sqlite"));
        QCOMPARE(importBundle(target, m_bundle).code, 0);
        const Result second = importBundle(target, other);
        QVERIFY2(second.code == 0, qPrintable(second.err));
        QVERIFY2(second.out.contains("as session 2"), second.out.constData());
        const Result shown =
            cli({QStringLiteral("show"), QStringLiteral("--db"), target,
                 QStringLiteral("--session"), QStringLiteral("2"), QStringLiteral("--json")});
        QCOMPARE(shown.code, 0);
        json copy = json::parse(shown.out.toStdString());
        QVERIFY(copy["session"] == json(2));
        copy["session"] = m_show["session"];
        YS_COMPARE_JSON(copy, m_show);
    }

    void damagedBundlesAreRefused()
    {
        const QByteArray good = readAll(m_bundle);
        const QString target = path(QStringLiteral("never.sqlite"));
        struct Case {
            const char *name;
            QByteArray bytes;
            const char *says;
        };
        QByteArray flipped = good;
        flipped[flipped.size() / 2] = flipped[flipped.size() / 2] == 'x' ? 'y' : 'x';
        const std::vector<Case> cases = {
            {"one byte changed", flipped, "checksum"},
            {"cut short", good.left(good.size() * 2 / 3), "cut short"},
            {"not a bundle", QByteArray("{\"format\": \"yardstick-suite/1\"}\n"), "not a"},
            {"empty", QByteArray(), "not a"},
        };
        for (const Case &c : cases) {
            const QString bad = path(QStringLiteral("bad.ysbundle"));
            QVERIFY(writeAll(bad, c.bytes));
            const Result r = importBundle(target, bad);
            QVERIFY2(r.code == 2, c.name);
            QVERIFY2(r.err.contains(QLatin1StringView(c.says)), qPrintable(r.err));
            QVERIFY2(!QFile::exists(target), c.name);
        }
        const Result missing = importBundle(target, path(QStringLiteral("missing.ysbundle")));
        QCOMPARE(missing.code, 2);
        QVERIFY(!QFile::exists(target));
    }

    void newerBundlesAreRefused()
    {
        const QString target = path(QStringLiteral("never.sqlite"));
        const QString newer = path(QStringLiteral("newer.ysbundle"));
        QVERIFY(rewriteBundle(m_bundle, newer, [](std::vector<json> &lines) {
            lines.front()["format_version"] = 2;
        }));
        Result r = importBundle(target, newer);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("newer")), qPrintable(r.err));

        // A column this version does not know would be dropped: refused instead.
        QVERIFY(rewriteBundle(m_bundle, newer, [](std::vector<json> &lines) {
            bool inSamples = false;
            for (json &l : lines) {
                if (l.is_object() && l.contains("table")) {
                    inSamples = l["table"] == "samples";
                    if (inSamples)
                        l["columns"].push_back("gpu_joules");
                } else if (inSamples && l.is_array()) {
                    l.push_back(12.5);
                }
            }
        }));
        const QString existing = path(QStringLiteral("unknown-column.sqlite"));
        r = importBundle(existing, newer);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("samples.gpu_joules")), qPrintable(r.err));
        QCOMPARE(contents(existing), contents(path(QStringLiteral("tables.sqlite"))));
    }

    // A bundle whose last attempt the database refuses: the rows before it are rolled back.
    void failedImportLeavesNothing()
    {
        const QString broken = path(QStringLiteral("broken.ysbundle"));
        QVERIFY(rewriteBundle(m_bundle, broken, [](std::vector<json> &lines) {
            lines.front()["session_uid"] = "00000000-0000-0000-0000-0000000000aa";
            std::size_t outcome = 0;
            json *lastSample = nullptr;
            bool inSamples = false;
            for (json &l : lines) {
                if (l.is_object() && l.contains("table")) {
                    inSamples = l["table"] == "samples";
                    if (inSamples)
                        for (std::size_t i = 0; i < l["columns"].size(); ++i)
                            if (l["columns"][i] == "outcome")
                                outcome = i;
                } else if (inSamples) {
                    lastSample = &l;
                }
            }
            (*lastSample)[outcome] = nullptr; // samples.outcome is NOT NULL
        }));
        const QString target = path(QStringLiteral("copy.sqlite"));
        const QString before = contents(target);
        const Result r = importBundle(target, broken);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("samples")), qPrintable(r.err));
        QCOMPARE(contents(target), before);
        YS_COMPARE_JSON(show(target), m_show);
    }

    void exportBadInput()
    {
        const QString out = path(QStringLiteral("none.ysbundle"));
        Result r =
            cli({QStringLiteral("bundle"), QStringLiteral("export"), QStringLiteral("--db"), m_db,
                 QStringLiteral("--session"), QStringLiteral("99"), QStringLiteral("--out"), out});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("no session 99")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        r = exportBundle(path(QStringLiteral("absent.sqlite")), out);
        QCOMPARE(r.code, 2);
        QVERIFY(!QFile::exists(path(QStringLiteral("absent.sqlite"))));
        r = exportBundle(m_db, path(QStringLiteral("no/such/folder/x.ysbundle")));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("cannot be written")), qPrintable(r.err));
        r = cli({QStringLiteral("bundle"), QStringLiteral("pack"), QStringLiteral("--db"), m_db});
        QCOMPARE(r.code, 2);
    }

    // Acceptance: SQLite → bundle → PostgreSQL → bundle → SQLite, the same show --json.
    void postgresRoundTrip()
    {
        if (!test::PgServer::available())
            QSKIP(test::PgServer::skipReason());
        test::PgDatabase pg;
        QVERIFY2(pg.isValid(), qPrintable(pg.error()));
        const Result in = importBundle(pg.url(), m_bundle);
        QVERIFY2(in.code == 0, qPrintable(in.err));
        YS_COMPARE_JSON(show(pg.url()), m_show);
        const QString back = path(QStringLiteral("from-pg.ysbundle"));
        const Result out = exportBundle(pg.url(), back);
        QVERIFY2(out.code == 0, qPrintable(out.err));
        QVERIFY(!readAll(back).contains(kSecret));
        const QString target = path(QStringLiteral("from-pg.sqlite"));
        const Result again = importBundle(target, back);
        QVERIFY2(again.code == 0, qPrintable(again.err));
        YS_COMPARE_JSON(show(target), m_show);
        QCOMPARE(contents(target), contents(m_db));
        // The same session again is recognised on PostgreSQL too.
        QCOMPARE(importBundle(pg.url(), back).code, 2);
    }
};

YS_TEST_GUILESS_MAIN(TstBundle)
#include "tst_bundle.moc"
