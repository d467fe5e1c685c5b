// The item models under QAbstractItemModelTester, alone and under the sort proxy the results and
// scores pages put over them, filled from sessions written to SQLite by the storage layer: reloads,
// sorting on every column, empty states, and SortRole's raw numbers beside DisplayRole's text.
#include "analysis/pareto.h"
#include "analysis/run_summary.h"
#include "analysis/scores.h"
#include "models/attempt_detail.h"
#include "models/comparison_table_model.h"
#include "models/pareto_model.h"
#include "models/score_model.h"
#include "models/session_list_model.h"
#include "pricing/price.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "test_main.h"
#include "util/units.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>
#include <memory>

using namespace ys;

namespace {

// One provider of a written session: every successful attempt takes the same times, so that its
// percentiles are exact; failures only when ttftMs is 0.
struct ProviderPlan {
    QString name;
    qint64 ttftMs = 0;
    qint64 e2eMs = 0;
    std::optional<qint64> contextWindow;
    std::optional<Price> price;
};

const std::vector<ProviderPlan> &plans()
{
    static const std::vector<ProviderPlan> list{
        {QStringLiteral("Beta"), 80, 900, 32000, Price{3.0, 15.0, std::nullopt}},
        {QStringLiteral("Alpha"), 120, 400, 200000, Price{0.5, 1.5, std::nullopt}},
        {QStringLiteral("Gamma"), 40, 650, std::nullopt, std::nullopt},
        {QStringLiteral("Down"), 0, 0, 128000, Price{1.0, 2.0, std::nullopt}}, // nothing measured
    };
    return list;
}

constexpr int kAttempts = 6;

// Providers that spread over the cost-latency plane: a front of three, one behind it and one
// without a price (never placed).
const std::vector<ProviderPlan> &paretoPlans()
{
    static const std::vector<ProviderPlan> list{
        {QStringLiteral("Cheap"), 200, 1200, 128000, Price{0.1, 0.3, std::nullopt}},
        {QStringLiteral("Middle"), 100, 600, 128000, Price{1.0, 3.0, std::nullopt}},
        {QStringLiteral("Fast"), 40, 250, 128000, Price{5.0, 15.0, std::nullopt}},
        {QStringLiteral("Behind"), 150, 900, 128000, Price{2.0, 6.0, std::nullopt}},
        {QStringLiteral("Unpriced"), 50, 300, 128000, std::nullopt},
    };
    return list;
}

// Writes a finished session of every planned provider through the repository, as a run stores it.
std::optional<qint64> writeModelSession(SessionRepository &repo, const QString &name,
                                        QString *error,
                                        const std::vector<ProviderPlan> &planned = plans())
{
    Suite suite;
    suite.name = name;
    Scenario scenario;
    scenario.requests = kAttempts;
    suite.scenarios = {scenario};
    for (const ProviderPlan &plan : planned) {
        ProviderConfig p;
        p.name = plan.name;
        p.dialect = QStringLiteral("openai-chat");
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1/v1"));
        p.model = plan.name.toLower() + QStringLiteral("-model");
        p.price = plan.price;
        p.contextWindow = plan.contextWindow;
        suite.providers.push_back(p);
    }
    const auto sessionId = repo.createSession(suite, error);
    if (!sessionId)
        return std::nullopt;
    for (std::size_t i = 0; i < suite.providers.size(); ++i) {
        const ProviderPlan &plan = planned[i];
        const auto providerId = repo.ensureProvider(*sessionId, suite.providers[i], error);
        if (!providerId)
            return std::nullopt;
        const auto runId = repo.createRun(*sessionId, *providerId, scenario, error);
        if (!runId)
            return std::nullopt;
        std::vector<Sample> samples;
        for (int seq = 0; seq < kAttempts; ++seq) {
            Sample s;
            s.runId = *runId;
            s.seq = seq;
            s.requestIndex = seq;
            if (plan.ttftMs == 0) {
                s.outcome = Outcome::ConnectionError;
                s.endNs = 2 * kWholeNsPerMs;
            } else {
                s.httpStatus = 200;
                s.firstTokenNs = plan.ttftMs * kWholeNsPerMs;
                s.firstContentNs = plan.ttftMs * kWholeNsPerMs;
                s.endNs = plan.e2eMs * kWholeNsPerMs;
                s.eventTimesNs = {plan.ttftMs * kWholeNsPerMs, plan.e2eMs * kWholeNsPerMs};
                s.inputTokens = 200;
                s.outputTokens = 64;
                s.finishReason = QStringLiteral("stop");
                if (plan.price)
                    s.costUsd = plan.price->cost(200, 64);
            }
            samples.push_back(s);
        }
        if (!repo.insertSamples(samples, error) ||
            !repo.finishRun(*runId, SessionStatus::Finished, error))
            return std::nullopt;
    }
    if (!repo.finishSession(*sessionId, SessionStatus::Finished, error))
        return std::nullopt;
    return sessionId;
}

// The rows of a sorted proxy follow each other in that order of the sort role.
void checkSorted(const QAbstractItemModel *model, int column, Qt::SortOrder order, int sortRole)
{
    for (int r = 1; r < model->rowCount(); ++r) {
        const QVariant before = model->index(r - 1, column).data(sortRole);
        const QVariant after = model->index(r, column).data(sortRole);
        const auto cmp = QVariant::compare(before, after);
        QVERIFY2(
            order == Qt::AscendingOrder ? cmp != QPartialOrdering::Greater
                                        : cmp != QPartialOrdering::Less,
            qPrintable(QStringLiteral("column %1, rows %2 and %3").arg(column).arg(r - 1).arg(r)));
    }
}

enum class Kind { Comparison, Sessions };

} // namespace

Q_DECLARE_METATYPE(Kind)

class TstModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_db = std::make_unique<Database>(
            m_dir.filePath(QStringLiteral("%1.sqlite").arg(++m_databases)));
        QString error;
        QVERIFY2(m_db->open(&error), qPrintable(error));
        m_repo = std::make_unique<SessionRepository>(*m_db);
    }

    void cleanup()
    {
        m_repo.reset();
        m_db.reset();
    }

    void modelTester_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<bool>("proxied");
        QTest::addColumn<int>("sessions"); // written before the first load
        QTest::addColumn<int>("rows");     // expected after the first load

        const int providers = int(plans().size());
        QTest::newRow("comparison") << Kind::Comparison << false << 2 << providers;
        QTest::newRow("comparison-proxy") << Kind::Comparison << true << 2 << providers;
        QTest::newRow("comparison-empty-db") << Kind::Comparison << false << 0 << 0;
        QTest::newRow("comparison-proxy-empty-db") << Kind::Comparison << true << 0 << 0;
        QTest::newRow("sessions") << Kind::Sessions << false << 3 << 3;
        QTest::newRow("sessions-proxy") << Kind::Sessions << true << 3 << 3;
        QTest::newRow("sessions-empty-db") << Kind::Sessions << false << 0 << 0;
        QTest::newRow("sessions-proxy-empty-db") << Kind::Sessions << true << 0 << 0;
    }

    // The tester watches every signal from before the first load to after the model is emptied.
    void modelTester()
    {
        QFETCH(Kind, kind);
        QFETCH(bool, proxied);
        QFETCH(int, sessions);
        QFETCH(int, rows);

        QString error;
        std::vector<qint64> ids;
        for (int i = 0; i < sessions; ++i) {
            const auto id = writeModelSession(*m_repo, QStringLiteral("suite %1").arg(i), &error);
            QVERIFY2(id, qPrintable(error));
            ids.push_back(*id);
        }

        ComparisonTableModel comparison;
        SessionListModel sessionList;
        QAbstractItemModel *source = kind == Kind::Comparison
                                         ? static_cast<QAbstractItemModel *>(&comparison)
                                         : static_cast<QAbstractItemModel *>(&sessionList);
        // Configured as the results page configures its table's proxy; the session list has
        // none in the window, so it gets the proxy's defaults.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(source);
        if (kind == Kind::Comparison)
            proxy.setSortRole(ComparisonTableModel::SortRole);
        QAbstractItemModel *model = proxied ? static_cast<QAbstractItemModel *>(&proxy) : source;
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model->rowCount(), 0);

        // Loads what the workbench shows: the newest session's comparison, or every session.
        const auto load = [&] {
            if (kind == Kind::Sessions) {
                sessionList.setSessions(m_repo->sessions(&error));
                return;
            }
            if (ids.empty()) {
                comparison.setSummaries({});
                return;
            }
            auto summary = loadSessionSummary(*m_repo, ids.back(), &error);
            QVERIFY2(summary, qPrintable(error));
            comparison.setSummaries(std::move(summary->providers));
        };
        QSignalSpy resets(model, &QAbstractItemModel::modelReset);
        load();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(model->rowCount(), rows);
        QCOMPARE(model->columnCount(),
                 kind == Kind::Comparison ? int(ComparisonTableModel::ColumnCount) : 1);
        load(); // a reload of the same data resets again
        QCOMPARE(resets.size(), 2);
        QCOMPARE(model->rowCount(), rows);

        if (kind == Kind::Comparison) {
            comparison.setRequirements(Requirements{}); // every gate cell changes
            QCOMPARE(model->rowCount(), rows);
        } else if (sessions > 0) {
            // A session written later comes first after the reload.
            const auto id = writeModelSession(*m_repo, QStringLiteral("later"), &error);
            QVERIFY2(id, qPrintable(error));
            load();
            QCOMPARE(model->rowCount(), rows + 1);
            QCOMPARE(source->index(0, 0).data(SessionListModel::SessionIdRole).toLongLong(), *id);
        }

        // Sorting on every column, both ways: the proxy orders by the sort role, the models
        // themselves keep their order.
        const int sortRole =
            kind == Kind::Comparison ? int(ComparisonTableModel::SortRole) : int(Qt::DisplayRole);
        for (int column = 0; column < model->columnCount(); ++column) {
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                model->sort(column, order);
                if (!proxied)
                    continue;
                checkSorted(model, column, order, sortRole);
                if (QTest::currentTestFailed())
                    return;
            }
        }

        // Emptied: no rows, no data, the header still there.
        if (kind == Kind::Comparison)
            comparison.setSummaries({});
        else
            sessionList.setSessions({});
        QCOMPARE(model->rowCount(), 0);
        QVERIFY(!model->index(0, 0).isValid());
        if (kind == Kind::Comparison)
            QCOMPARE(
                model->headerData(ComparisonTableModel::ProviderColumn, Qt::Horizontal).toString(),
                QStringLiteral("Provider"));
        load(); // and filled again
        QCOMPARE(model->rowCount(), kind == Kind::Sessions && sessions > 0 ? rows + 1 : rows);
    }

    void sortRoleIsRaw_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("provider");
        QTest::addColumn<double>("raw");      // SortRole
        QTest::addColumn<QString>("display"); // DisplayRole

        using C = ComparisonTableModel;
        const double inf = std::numeric_limits<double>::infinity();
        const QString none = QStringLiteral("—");
        QTest::newRow("ttft-p50") << int(C::TtftP50Column) << QStringLiteral("Beta") << 80.0
                                  << QStringLiteral("80.0");
        QTest::newRow("ttft-p95") << int(C::TtftP95Column) << QStringLiteral("Alpha") << 120.0
                                  << QStringLiteral("120.0");
        QTest::newRow("ttft-p50-unmeasured")
            << int(C::TtftP50Column) << QStringLiteral("Down") << inf << none;
        QTest::newRow("e2e-p50") << int(C::E2eP50Column) << QStringLiteral("Gamma") << 650.0
                                 << QStringLiteral("650.0");
        QTest::newRow("e2e-p95") << int(C::E2eP95Column) << QStringLiteral("Alpha") << 400.0
                                 << QStringLiteral("400.0 (400–400)");
        QTest::newRow("e2e-p95-unmeasured")
            << int(C::E2eP95Column) << QStringLiteral("Down") << inf << none;
        // The success rate sorts by its value, the percentage.
        QTest::newRow("success") << int(C::SuccessRateColumn) << QStringLiteral("Beta") << 100.0
                                 << QStringLiteral("100.0% (%1/%1)").arg(kAttempts);
        QTest::newRow("success-none") << int(C::SuccessRateColumn) << QStringLiteral("Down") << 0.0
                                      << QStringLiteral("0.0% (0/%1)").arg(kAttempts);
        QTest::newRow("context") << int(C::ContextColumn) << QStringLiteral("Alpha") << 200000.0
                                 << QStringLiteral("200K");
        QTest::newRow("context-unknown")
            << int(C::ContextColumn) << QStringLiteral("Gamma") << inf << none;
        QTest::newRow("attempts") << int(C::AttemptsColumn) << QStringLiteral("Down")
                                  << double(kAttempts) << QString::number(kAttempts);
        QTest::newRow("runs") << int(C::RunsColumn) << QStringLiteral("Gamma") << 1.0
                              << QStringLiteral("1");
        // Blended 3:1 per 1K tokens, and six attempts of 200 + 64 tokens at list price.
        QTest::newRow("usd") << int(C::UsdPer1kColumn) << QStringLiteral("Alpha") << 0.00075
                             << QStringLiteral("$0.00075");
        QTest::newRow("usd-unmeasured") << int(C::UsdPer1kColumn) << QStringLiteral("Down")
                                        << 0.00125 << QStringLiteral("$0.00125");
        QTest::newRow("cost") << int(C::CostColumn) << QStringLiteral("Beta") << 0.00936
                              << QStringLiteral("$0.00936");
        QTest::newRow("cost-small") << int(C::CostColumn) << QStringLiteral("Alpha") << 0.001176
                                    << QStringLiteral("$0.00118");
        QTest::newRow("cost-unmeasured")
            << int(C::CostColumn) << QStringLiteral("Down") << inf << none;
        QTest::newRow("usd-unpriced")
            << int(C::UsdPer1kColumn) << QStringLiteral("Gamma") << inf << none;
        QTest::newRow("cost-unpriced")
            << int(C::CostColumn) << QStringLiteral("Gamma") << inf << none;
    }

    // DisplayRole formats for people; SortRole keeps the number it was made from, and puts what
    // was not measured after everything that was.
    void sortRoleIsRaw()
    {
        QFETCH(int, column);
        QFETCH(QString, provider);
        QFETCH(double, raw);
        QFETCH(QString, display);

        QString error;
        const auto id = writeModelSession(*m_repo, QStringLiteral("raw"), &error);
        QVERIFY2(id, qPrintable(error));
        auto summary = loadSessionSummary(*m_repo, *id, &error);
        QVERIFY2(summary, qPrintable(error));
        ComparisonTableModel model;
        model.setSummaries(std::move(summary->providers));

        int row = -1;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data(ComparisonTableModel::ProviderNameRole) == provider)
                row = r;
        QVERIFY(row >= 0);
        const QModelIndex cell = model.index(row, column);
        const QVariant sortValue = cell.data(ComparisonTableModel::SortRole);
        const QVariant displayValue = cell.data(Qt::DisplayRole);
        QVERIFY2(sortValue.typeId() == QMetaType::Double || sortValue.typeId() == QMetaType::Int,
                 sortValue.typeName());
        if (std::isinf(raw))
            QVERIFY(std::isinf(sortValue.toDouble()) && sortValue.toDouble() > 0);
        else
            QCOMPARE(sortValue.toDouble(), raw);
        QCOMPARE(displayValue.toString(), display);
    }

    // The Pareto model from a written session's summary through paretoOf(): the front of three,
    // another latency figure, emptied and filled from another session.
    void paretoModelTester()
    {
        QString error;
        const auto spread =
            writeModelSession(*m_repo, QStringLiteral("spread"), &error, paretoPlans());
        QVERIFY2(spread, qPrintable(error));
        const auto plain = writeModelSession(*m_repo, QStringLiteral("plain"), &error);
        QVERIFY2(plain, qPrintable(error));
        const auto spreadSummary = loadSessionSummary(*m_repo, *spread, &error);
        QVERIFY2(spreadSummary, qPrintable(error));
        const auto plainSummary = loadSessionSummary(*m_repo, *plain, &error);
        QVERIFY2(plainSummary, qPrintable(error));

        ParetoModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(ParetoModel::ColumnCount));

        const auto rowOf = [&](const QString &provider) {
            for (int r = 0; r < model.rowCount(); ++r)
                if (model.index(r, ParetoModel::ProviderColumn).data() == provider)
                    return r;
            return -1;
        };
        const auto onFront = [&](const QString &provider) {
            const int row = rowOf(provider);
            return row >= 0 &&
                   model.index(row, ParetoModel::FrontColumn).data(ParetoModel::ValueRole).toBool();
        };
        model.setAnalysis(paretoOf(*spreadSummary));
        QCOMPARE(model.rowCount(), 4); // the unpriced provider is not placed
        QCOMPARE(rowOf(QStringLiteral("Unpriced")), -1);
        QCOMPARE(model.analysis().unplaced, std::vector<QString>{QStringLiteral("Unpriced")});
        QVERIFY(onFront(QStringLiteral("Cheap")) && onFront(QStringLiteral("Middle")) &&
                onFront(QStringLiteral("Fast")));
        QVERIFY(!onFront(QStringLiteral("Behind")));

        model.setAnalysis(paretoOf(*spreadSummary, LatencyFigure::TtftP95)); // the chart's choice
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(rowOf(QStringLiteral("Fast")), ParetoModel::LatencyColumn)
                     .data(ParetoModel::ValueRole)
                     .toDouble(),
                 40.0);

        model.setAnalysis({});
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0, 0).isValid());
        QCOMPARE(model.headerData(ParetoModel::ProviderColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Provider"));

        // The first plan: only Alpha and Beta are priced and measured, and Alpha is ahead.
        model.setAnalysis(paretoOf(*plainSummary));
        QCOMPARE(model.rowCount(), 2);
        QVERIFY(onFront(QStringLiteral("Alpha")) && !onFront(QStringLiteral("Beta")));
    }

    // The score model under the proxy the scores page puts over it (sorted by ValueRole): default
    // weights, other criteria (other columns), every column sorted both ways, emptied.
    void scoreModelTester()
    {
        QString error;
        const auto id = writeModelSession(*m_repo, QStringLiteral("scores"), &error, paretoPlans());
        QVERIFY2(id, qPrintable(error));
        const auto summary = loadSessionSummary(*m_repo, *id, &error);
        QVERIFY2(summary, qPrintable(error));

        ScoreModel model;
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ScoreModel::ValueRole);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(ScoreModel::RankColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.rowCount(), 0);
        QCOMPARE(proxy.columnCount(), int(ScoreModel::FirstCriterionColumn));

        const auto rescore = [&](const std::vector<ScoreCriterion> &criteria) {
            auto table = Scores::ofSession(*summary, criteria, &error);
            QVERIFY2(table, qPrintable(error));
            model.setTable(std::move(*table));
        };
        rescore(Scores::defaultCriteria());
        const int providers = int(paretoPlans().size());
        QCOMPARE(proxy.rowCount(), providers);
        QCOMPARE(proxy.columnCount(),
                 int(ScoreModel::FirstCriterionColumn + Scores::defaultCriteria().size()));
        checkSorted(&proxy, ScoreModel::RankColumn, Qt::AscendingOrder, ScoreModel::ValueRole);
        if (QTest::currentTestFailed())
            return;

        const auto criteria = Scores::criteria({{QStringLiteral("latency"), 1.0},
                                                {QStringLiteral("cost"), 1.0},
                                                {QStringLiteral("success_rate"), 0.5},
                                                {QStringLiteral("context"), 0.5}},
                                               &error);
        QVERIFY2(criteria, qPrintable(error));
        rescore(*criteria);
        QCOMPARE(proxy.rowCount(), providers);
        QCOMPARE(proxy.columnCount(), int(ScoreModel::FirstCriterionColumn + criteria->size()));
        for (int column = 0; column < proxy.columnCount(); ++column) {
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                proxy.sort(column, order);
                checkSorted(&proxy, column, order, ScoreModel::ValueRole);
                if (QTest::currentTestFailed())
                    return;
            }
        }

        model.setTable({});
        QCOMPARE(proxy.rowCount(), 0);
        QCOMPARE(proxy.columnCount(), int(ScoreModel::FirstCriterionColumn));
        rescore(Scores::defaultCriteria());
        QCOMPARE(proxy.rowCount(), providers);
    }

    // The attempt detail as the attempts page fills it: a successful attempt, a failed one of
    // another provider, then cleared.
    void attemptDetailModelTester()
    {
        QString error;
        const auto id = writeModelSession(*m_repo, QStringLiteral("detail"), &error);
        QVERIFY2(id, qPrintable(error));
        const auto providers = m_repo->providers(*id, &error);
        const auto runs = m_repo->runs(*id, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(runs.size(), plans().size());
        const auto detailOf = [&](const QString &provider) -> std::optional<AttemptDetail> {
            for (const RunRecord &run : runs)
                for (const ProviderRecord &p : providers)
                    if (p.id == run.providerId && p.config.name == provider) {
                        const auto samples = m_repo->samples(run.id, &error);
                        if (samples.empty())
                            return std::nullopt;
                        return loadAttemptDetail(*m_repo, samples.back().id, p.config, &error);
                    }
            return std::nullopt;
        };
        const auto ok = detailOf(QStringLiteral("Alpha"));
        QVERIFY2(ok, qPrintable(error));
        const auto failed = detailOf(QStringLiteral("Down"));
        QVERIFY2(failed, qPrintable(error));

        AttemptDetailModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setDetail(*ok);
        const int okRows = model.rowCount();
        QVERIFY(okRows > 0);
        QVERIFY(model.rowOfKey(QStringLiteral("attempt.finish_reason")) >= 0);
        model.setDetail(*failed);
        QVERIFY(model.rowCount() > 0);
        QCOMPARE(model.rowOfKey(QStringLiteral("attempt.finish_reason")), -1);
        model.setDetail(*ok);
        QCOMPARE(model.rowCount(), okRows);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.rowOfKey(QStringLiteral("attempt.finish_reason")), -1);
        QVERIFY(!model.index(0, 0).isValid());
    }

private:
    QTemporaryDir m_dir;
    int m_databases = 0; // a fresh file for every row
    std::unique_ptr<Database> m_db;
    std::unique_ptr<SessionRepository> m_repo;
};

YS_TEST_GUILESS_MAIN(TstModels)
#include "tst_models.moc"
