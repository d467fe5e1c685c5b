// The Recommendation page's Routing group on a real session (the demo's, run on the simulator):
// the policy shown is RoutingPolicy::fromRecommendation of the same recommendation; the what-if
// table's figures are RoutingReplay::replay's over the same runs (loadRoutingRuns) and its texts
// the lines `yardstick-cli route` prints; a result of a policy no longer shown is dropped; the
// two buttons write what RoutingPolicy::toJson and LiteLlmExport::write give (the YAML read back
// with yaml-cpp); and a session read for a use case nothing qualifies for shows why, no table.
#include "analysis/recommendation.h"
#include "analysis/routing_policy.h"
#include "analysis/routing_replay.h"
#include "analysis/routing_text.h"
#include "export/litellm_config.h"
#include "models/routing_whatif_model.h"
#include "models/session_list_model.h"
#include "storage/routing_attempts.h"
#include "ui/main_window.h"
#include "ui/recommendation_page.h"
#include "workbench/workbench.h"

#include "cli_runner.h"
#include "recommendation_window.h"
#include "test_main.h"
#include "test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <yaml-cpp/yaml.h>

using namespace ys;

namespace {

QByteArray routingPageFileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList routingPageChain(const RoutingPolicy &policy)
{
    QStringList chain{policy.primary};
    for (const QString &f : policy.fallbacks)
        chain << f;
    return chain;
}

// A figure of the what-if as RoutingFigures holds it, by the row's key.
std::optional<double> routingPageFigure(const RoutingFigures &f, const QString &key)
{
    const std::pair<const char *, std::optional<double>> plain[] = {
        {"requests", double(f.requests)},
        {"success_rate", f.successRate},
        {"slo_attainment", f.slo.share},
        {"p50_ms", f.p50Ms},
        {"p95_ms", f.p95Ms},
        {"cost_usd", f.costUsd},
        {"cost_per_request_usd", f.costPerRequestUsd},
        {"attempts", double(f.attempts)},
        {"fell_back", double(f.fellBack)},
        {"breaker_opened", double(f.breakerOpened)},
    };
    for (const auto &[k, v] : plain)
        if (key == QLatin1StringView(k))
            return v;
    for (const auto &[name, n] : f.servedBy)
        if (key == QStringLiteral("served_by:") + name)
            return double(n);
    return std::nullopt;
}

} // namespace

class TstRoutingPage : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    std::unique_ptr<Workbench> m_workbench;
    std::unique_ptr<MainWindow> m_window;
    RecommendationPage *m_page = nullptr;

    std::shared_ptr<const SessionSummary> summary() const { return m_workbench->summary(); }

    void waitForWhatIf()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_page->routing()->state() != RoutingPresenter::State::Computing,
                                 60000);
    }

    // The policy the core makes of the session read for its own use case, as `route` makes it.
    RoutingPolicy corePolicy() const
    {
        const Recommendation r =
            Recommender::recommend(*summary(), Recommender::useCaseOf(*summary()));
        return RoutingPolicy::fromRecommendation(r, *summary());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("demo.sqlite"));
        QVERIFY(test::demoSessionAt(m_db));
        m_page = test::openRecommendationPage(m_db, &m_workbench, &m_window);
        QVERIFY(m_page);
        QVERIFY(summary() && summary()->providers.size() >= 2);
        waitForWhatIf();
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_workbench.reset();
    }

    // The policy shown is the one fromRecommendation makes, in RoutingText's words.
    void policy()
    {
        const RoutingPolicy want = corePolicy();
        QVERIFY(!want.primary.isEmpty());
        QVERIFY2(!want.fallbacks.empty(), "the demo session has a fallback to route to");
        QVERIFY(m_page->routing()->policy());
        QCOMPARE(*m_page->routing()->policy(), want);
        const QStringList lines = m_page->routingPolicyLines();
        RoutingPolicy named = want; // the page names the use case by its title
        named.useCase = Recommender::useCaseOf(*summary()).title;
        QVERIFY(!named.useCase.isEmpty());
        QCOMPARE(lines, RoutingText::policyLines(named));
        QVERIFY(lines.front().contains(want.primary));
        for (const QString &f : want.fallbacks)
            QVERIFY(lines.front().contains(f));
        QVERIFY(m_page->savePolicyButton()->isEnabled());
        QVERIFY(m_page->saveLiteLlmButton()->isEnabled());
    }

    // The table's figures are the replay's over the same runs, and its lines `route`'s.
    void whatIf()
    {
        QAbstractItemModelTester tester(m_page->routing()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m_page->routing()->state(), RoutingPresenter::State::Ready);
        QVERIFY(m_page->whatIf()->isVisible());
        const RoutingPolicy policy = corePolicy();
        QString error;
        const auto runs = loadRoutingRuns(*m_workbench->repository(), *summary(),
                                          routingPageChain(policy), &error);
        QVERIFY2(runs, qPrintable(error));
        const auto want = RoutingReplay::replay(policy, *runs, summary()->requirements.slo, &error);
        QVERIFY2(want, qPrintable(error));
        QVERIFY(want->withPolicy.requests > 0);

        const QAbstractItemModel *shown = m_page->whatIf()->model();
        const int servedRows = int(want->withPolicy.servedBy.size());
        QCOMPARE(shown->rowCount(), 10 + servedRows);
        QCOMPARE(shown->columnCount(), int(RoutingWhatIfModel::ColumnCount));
        QCOMPARE(
            shown->headerData(RoutingWhatIfModel::PrimaryAloneColumn, Qt::Horizontal).toString(),
            QStringLiteral("Primary alone"));
        const test::CliResult cli =
            test::runCli({QStringLiteral("route"), QStringLiteral("--db"), m_db,
                          QStringLiteral("--session"), QString::number(summary()->info.id)});
        QCOMPARE(cli.code, 0);
        const QString printed = QString::fromUtf8(cli.out);
        for (int r = 0; r < shown->rowCount(); ++r) {
            const auto cell = [&](int column, int role = Qt::DisplayRole) {
                return shown->index(r, column).data(role);
            };
            const QString key = cell(0, RoutingWhatIfModel::KeyRole).toString();
            const auto alone = routingPageFigure(want->primaryAlone, key);
            const auto with = routingPageFigure(want->withPolicy, key);
            QVERIFY2(with, qPrintable(key));
            QCOMPARE(cell(RoutingWhatIfModel::WithPolicyColumn, RowTableModel::ValueRole),
                     QVariant(*with));
            QCOMPARE(cell(RoutingWhatIfModel::PrimaryAloneColumn, RowTableModel::ValueRole),
                     alone ? QVariant(*alone) : QVariant());
            // The very line the command line prints for the figure.
            const QString line =
                QStringLiteral("  %1 %2 %3\n")
                    .arg(cell(RoutingWhatIfModel::FigureColumn).toString(), -24)
                    .arg(cell(RoutingWhatIfModel::PrimaryAloneColumn).toString(), 14)
                    .arg(cell(RoutingWhatIfModel::WithPolicyColumn).toString(), 16);
            QVERIFY2(printed.contains(line), qPrintable(line + printed));
        }
        QCOMPARE(shown->index(1, 2).data().toString(),
                 RoutingText::percent(want->withPolicy.successRate));
        QVERIFY(m_page->routingMessage().contains(RoutingText::objectives(want->objectives)));
        QStringList notes;
        for (const QString &n : want->notes)
            notes << QStringLiteral("Note: ") + n;
        QCOMPARE(m_page->routingNotes(), notes);
        for (const QString &n : notes)
            QVERIFY(printed.contains(n));
    }

    // Both buttons' files are the core writers' output; a file that cannot be written is said.
    void saving()
    {
        const RoutingPolicy want = corePolicy();
        const QString json = m_dir.filePath(QStringLiteral("policy.json"));
        QVERIFY2(m_page->savePolicyTo(json), qPrintable(m_page->routingStatus()));
        QCOMPARE(routingPageFileBytes(json), want.toJson());
        QString error;
        const auto back = RoutingPolicy::loadFile(json, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, want);
        QVERIFY(m_page->routingStatus().contains(json));

        const QString yaml = m_dir.filePath(QStringLiteral("litellm.yaml"));
        QVERIFY(summary()->suite);
        const auto config = LiteLlmExport::write(want, summary()->suite->providers, &error);
        QVERIFY2(config, qPrintable(error));
        QVERIFY2(m_page->saveLiteLlmTo(yaml), qPrintable(m_page->routingStatus()));
        QCOMPARE(routingPageFileBytes(yaml), config->yaml);
        for (const QString &w : config->warnings)
            QVERIFY2(m_page->routingStatus().contains(w), qPrintable(m_page->routingStatus()));
        const YAML::Node doc = YAML::Load(routingPageFileBytes(yaml).toStdString());
        const QStringList chain = routingPageChain(want);
        QCOMPARE(int(doc["model_list"].size()), int(chain.size()));
        for (std::size_t i = 0; i < doc["model_list"].size(); ++i)
            QVERIFY(chain.contains(
                QString::fromStdString(doc["model_list"][i]["model_name"].as<std::string>())));
        const YAML::Node fallbacks = doc["router_settings"]["fallbacks"];
        QVERIFY(fallbacks.IsSequence() && fallbacks.size() == 1);
        const YAML::Node to = fallbacks[0][want.primary.toStdString()];
        QCOMPARE(int(to.size()), int(want.fallbacks.size()));
        for (std::size_t i = 0; i < to.size(); ++i)
            QCOMPARE(QString::fromStdString(to[i].as<std::string>()), want.fallbacks[i]);
        QCOMPARE(doc["router_settings"]["num_retries"].as<int>(), want.retries);

        const QString nowhere = m_dir.filePath(QStringLiteral("missing/dir/policy.json"));
        QVERIFY(!m_page->savePolicyTo(nowhere));
        QVERIFY(m_page->routingStatus().contains(nowhere));
        QVERIFY(!QFile::exists(nowhere));
    }

    // A session whose requirements nothing meets (the demo's with an E2E P95 line of 1 µs): the
    // page says why there is no policy, shows no table and saves nothing.
    void nothingQualifies()
    {
        const QString strict = m_dir.filePath(QStringLiteral("strict.sqlite"));
        QVERIFY(QFile::copy(m_db, strict));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"),
                                                        QStringLiteral("routingPageStrict"));
            db.setDatabaseName(strict);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT id, suite_json FROM sessions")));
            std::vector<std::pair<qint64, QByteArray>> suites;
            while (q.next()) {
                QJsonObject doc = QJsonDocument::fromJson(q.value(1).toByteArray()).object();
                QJsonObject req = doc.value(QStringLiteral("requirements")).toObject();
                req.insert(QStringLiteral("max_e2e_p95_ms"), 0.001);
                doc.insert(QStringLiteral("requirements"), req);
                suites.emplace_back(q.value(0).toLongLong(), QJsonDocument(doc).toJson());
            }
            QVERIFY(!suites.empty());
            for (const auto &[id, json] : suites) {
                QSqlQuery u(db);
                u.prepare(QStringLiteral("UPDATE sessions SET suite_json = ? WHERE id = ?"));
                u.addBindValue(QString::fromUtf8(json));
                u.addBindValue(id);
                QVERIFY2(u.exec(), qPrintable(u.lastError().text()));
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("routingPageStrict"));

        Workbench workbench(strict);
        QString error;
        QVERIFY2(workbench.open(&error), qPrintable(error));
        RecommendationPage page(&workbench);
        page.resize(1200, 800);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(workbench.sessionModel()->rowCount() > 0, 30000);
        QVERIFY(workbench.selectSession(summary()->info.id));
        QTRY_VERIFY_WITH_TIMEOUT(workbench.summary() != nullptr, 60000);
        const UseCase own = Recommender::useCaseOf(*workbench.summary());
        QVERIFY2(!Recommender::recommend(*workbench.summary(), own).choice,
                 "an E2E P95 line of 1 µs leaves no provider qualifying");
        QCOMPARE(page.routing()->state(), RoutingPresenter::State::NoPolicy);
        QVERIFY(!page.routing()->policy());
        QVERIFY2(page.routingMessage().startsWith(QStringLiteral("No provider of session")),
                 qPrintable(page.routingMessage()));
        QVERIFY(page.routingMessage().contains(own.title.isEmpty() ? own.id : own.title));
        QVERIFY(page.whatIf()->isHidden());
        QVERIFY(page.routingPolicyLines().isEmpty());
        QVERIFY(!page.savePolicyButton()->isEnabled());
        QVERIFY(!page.saveLiteLlmButton()->isEnabled());
        const QString none = m_dir.filePath(QStringLiteral("none.json"));
        QVERIFY(!page.savePolicyTo(none));
        QVERIFY(!page.routingStatus().isEmpty());
        QVERIFY(!QFile::exists(none));
    }

    // Another use case re-routes: the policy follows the recommendation, "Computing…" shows
    // until the what-if of the new policy arrives.
    void followsTheUseCase()
    {
        QComboBox *box = m_page->useCaseBox();
        const int own = box->currentIndex();
        RecommendationPresenter *p = m_page->presenter();
        int other = -1;
        for (int i = 0; i < box->count() && other < 0; ++i) {
            const Recommendation r =
                Recommender::recommend(*summary(), p->useCases()[std::size_t(i)]);
            if (r.choice && RoutingPolicy::fromRecommendation(r, *summary()) != corePolicy())
                other = i;
        }
        QVERIFY2(other >= 0, "no use case routes the demo session otherwise");
        box->setCurrentIndex(other);
        QCOMPARE(m_page->routing()->state(), RoutingPresenter::State::Computing);
        QVERIFY(m_page->routingMessage().contains(QStringLiteral("Computing")));
        QVERIFY(m_page->whatIf()->isHidden());
        waitForWhatIf();
        QCOMPARE(*m_page->routing()->policy(),
                 RoutingPolicy::fromRecommendation(*p->recommendation(), *summary()));
        QCOMPARE(m_page->routing()->result()->policy, *m_page->routing()->policy());
        box->setCurrentIndex(own);
        waitForWhatIf();
        QCOMPARE(*m_page->routing()->policy(), corePolicy());
        QVERIFY(!m_page->whatIf()->isHidden());
    }

    // A what-if asked for and superseded before it arrived is dropped: the one shown is the
    // policy's shown.
    void staleDropped()
    {
        QComboBox *box = m_page->useCaseBox();
        const int own = box->currentIndex();
        for (int i = 0; i < box->count(); ++i)
            box->setCurrentIndex(i);
        box->setCurrentIndex(own);
        waitForWhatIf();
        QCOMPARE(m_page->routing()->state(), RoutingPresenter::State::Ready);
        QCOMPARE(*m_page->routing()->policy(), corePolicy());
        QCOMPARE(m_page->routing()->result()->policy, corePolicy());
    }
};

YS_TEST_MAIN(TstRoutingPage)
#include "tst_routing_page.moc"
