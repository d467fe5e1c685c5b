// The Recommendation page on a real session (the demo's, run on the simulator): what it shows is
// what Recommender::recommend gives for the same summary and use case, formatted and never
// recomputed (the ranking, the standings, the margins, the reasons, the risks, the monthly cost
// and the headline); choosing another use case re-ranks; a volume typed in is the volume quoted;
// and the chunking calculator shows Chunking::arithmetic and Chunking::estimates of its fields,
// or a message naming the field that is wrong.
#include "analysis/chunking.h"
#include "analysis/recommendation.h"
#include "analysis/recommendation_text.h"
#include "models/recommendation_cells.h"
#include "models/recommendation_model.h"
#include "ui/main_window.h"
#include "ui/recommendation_page.h"
#include "ui/screen_walk.h"
#include "ui/table_export_menu.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include "cli_runner.h"
#include "recommendation_window.h"
#include "test_main.h"
#include "test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace ys;

namespace {

using RecoField = RecommendationPresenter::Field;

// What a recommendation ranks: each provider's name and standing, in order.
QStringList recoPageSignature(const Recommendation &r)
{
    QStringList out;
    for (const ProviderRecommendation &p : r.providers)
        out << p.name + QLatin1Char('=') + Recommender::name(p.standing);
    return out;
}

// The same read off the page's table, top to bottom.
QStringList recoPageShownSignature(const RecommendationPage &page)
{
    QStringList out;
    const QAbstractItemModel *m = page.ranking()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->index(r, RecommendationModel::ProviderColumn).data().toString() +
                   QLatin1Char('=') +
                   m->index(r, RecommendationModel::StandingColumn)
                       .data(RowTableModel::ValueRole)
                       .toString();
    return out;
}

} // namespace

class TstRecommendationPage : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    std::unique_ptr<Workbench> m_workbench;
    std::unique_ptr<MainWindow> m_window;
    RecommendationPage *m_page = nullptr;

    std::shared_ptr<const SessionSummary> summary() const { return m_workbench->summary(); }

    void type(RecoField f, const QString &text)
    {
        QLineEdit *edit = m_page->field(f);
        edit->setText(text); // at once, as a paste: no keystroke's half-typed number between
        QCOMPARE(edit->text(), text);
    }

    // Every figure and word the page shows equals the core's recommendation, cell by cell.
    void compareWithCore(const Recommendation &want)
    {
        QVERIFY(!want.providers.empty());
        const QAbstractItemModel *shown = m_page->ranking()->model();
        const RecommendationModel *model = m_page->presenter()->model();
        QCOMPARE(shown->rowCount(), int(want.providers.size()));
        QStringList order;
        for (const ProviderRecommendation &p : want.providers)
            order << p.name;
        QCOMPARE(m_page->rankOrder(), order);
        const int monthly = model->columnOfKey(QStringLiteral("monthly_usd"));
        const int reason = model->columnOfKey(QStringLiteral("reason"));
        const int risks = model->columnOfKey(QStringLiteral("risks"));
        QVERIFY(monthly > 0 && reason > 0 && risks > 0);
        for (int r = 0; r < shown->rowCount(); ++r) {
            const ProviderRecommendation &p = want.providers[std::size_t(r)];
            const auto cell = [&](int column, int role = Qt::DisplayRole) {
                return shown->index(r, column).data(role);
            };
            QCOMPARE(cell(RecommendationModel::RankColumn, RowTableModel::ValueRole),
                     p.rank ? QVariant(*p.rank) : QVariant());
            QCOMPARE(cell(RecommendationModel::StandingColumn).toString(),
                     RecommendationText::standing(p.standing));
            QCOMPARE(cell(RecommendationModel::StandingColumn, RecommendationModel::StandingRole),
                     QVariant(int(p.standing)));
            QCOMPARE(cell(reason).toString(), p.reason);
            QCOMPARE(p.standing == Standing::Excluded, !p.reason.isEmpty());
            QStringList riskTexts;
            for (const Risk &risk : p.risks)
                riskTexts << risk.text;
            QCOMPARE(cell(risks).toString(), riskTexts.join(QStringLiteral("; ")));
            QCOMPARE(cell(monthly, RowTableModel::ValueRole),
                     p.monthlyUsd ? QVariant(*p.monthlyUsd) : QVariant());
            // One column per requirement, each margin's figure and words.
            QCOMPARE(model->requirementKinds().size(), p.margins.size());
            for (std::size_t k = 0; k < p.margins.size(); ++k) {
                const RequirementMargin &m = p.margins[k];
                QCOMPARE(model->requirementKinds()[k], m.kind);
                const int column = RecommendationModel::FirstRequirementColumn + int(k);
                QCOMPARE(cell(column).toString(), RecommendationText::margin(m));
                QCOMPARE(cell(column, RowTableModel::ValueRole),
                         m.value ? QVariant(*m.value) : QVariant());
                QCOMPARE(cell(column, Qt::ToolTipRole).toString(),
                         RecommendationCells::marginDetail(m));
            }
        }
        QCOMPARE(m_page->headline(), RecommendationText::headline(want));
        QVERIFY(!m_page->headline().isEmpty());
        // The risks below the table, a provider a line, every one of them.
        const QStringList riskLines = RecommendationCells::riskLines(want);
        const QStringList shownRisks = m_page->risks();
        if (!riskLines.isEmpty())
            QCOMPARE(shownRisks, riskLines);
        for (const ProviderRecommendation &p : want.providers)
            for (const Risk &risk : p.risks)
                QVERIFY2(std::any_of(shownRisks.begin(), shownRisks.end(),
                                     [&](const QString &line) {
                                         return line.startsWith(p.name) && line.contains(risk.text);
                                     }),
                         qPrintable(risk.text));
    }

    void choose(const UseCase &useCase)
    {
        const auto &offered = m_page->presenter()->useCases();
        const auto it = std::find(offered.begin(), offered.end(), useCase);
        QVERIFY2(it != offered.end(), qPrintable(useCase.id));
        m_page->useCaseBox()->setCurrentIndex(int(it - offered.begin()));
        QCOMPARE(m_page->presenter()->currentUseCase(), int(it - offered.begin()));
    }

private Q_SLOTS:
    // The demo session tst_cli_demo left (ctest's fixture demo_session); run alone without it,
    // the demo is run here.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("demo.sqlite"));
        QVERIFY(test::demoSessionAt(m_db));
        m_page = test::openRecommendationPage(m_db, &m_workbench, &m_window);
        QVERIFY(m_page);
        QVERIFY(summary() && summary()->providers.size() >= 2);
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_workbench.reset();
    }

    // The session's own use case, its volume and peak in the fields, and the page equal to the
    // core's recommendation for it; the table exports like every table.
    void sessionsOwnUseCase()
    {
        QAbstractItemModelTester tester(m_page->presenter()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const UseCase own = Recommender::useCaseOf(*summary());
        RecommendationPresenter *p = m_page->presenter();
        QCOMPARE(p->useCases()[std::size_t(p->currentUseCase())], own);
        QCOMPARE(p->useCase(), own);
        QCOMPARE(m_page->useCaseBox()->currentIndex(), p->currentUseCase());
        QVERIFY(m_page->useCaseBox()->currentText().contains(own.title));
        QCOMPARE(m_page->field(RecoField::MonthlyTokens)->text().isEmpty(),
                 !own.monthlyTokens.has_value());
        compareWithCore(Recommender::recommend(*summary(), own));
        QVERIFY(m_page->message().isEmpty());
        QTest::qWait(300);

        TableExportMenu *exporter = TableExportMenu::forPage(m_page);
        QVERIFY(exporter);
        QCOMPARE(exporter->view(), m_page->ranking());
        const DataTable table = exporter->table();
        QCOMPARE(int(table.rows.size()), m_page->ranking()->model()->rowCount());
        QVERIFY(TableExportMenu::of(m_page->estimates()));
    }

    // Every bundled use case is offered; choosing one shows its recommendation, and at least one
    // of them ranks the session otherwise than its own use case does.
    void useCaseReRanks()
    {
        QAbstractItemModelTester tester(m_page->presenter()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const UseCase own = Recommender::useCaseOf(*summary());
        const QStringList ownSignature = recoPageSignature(Recommender::recommend(*summary(), own));
        QCOMPARE(recoPageShownSignature(*m_page), ownSignature);
        QStringList reranked;
        const QStringList ids = UseCase::bundledIds();
        QVERIFY(ids.size() >= 2);
        for (const QString &id : ids) {
            const std::optional<UseCase> useCase = UseCase::bundled(id);
            QVERIFY(useCase);
            choose(*useCase);
            const Recommendation want = Recommender::recommend(*summary(), *useCase);
            compareWithCore(want);
            QVERIFY(m_page->headline().contains(useCase->title));
            QCOMPARE(recoPageShownSignature(*m_page), recoPageSignature(want));
            if (recoPageSignature(want) != ownSignature)
                reranked << id;
        }
        QVERIFY2(!reranked.isEmpty(), "no bundled use case ranks the demo session differently");
        qInfo("re-ranked by %s", qPrintable(reranked.join(QStringLiteral(", "))));
        choose(own);
        QCOMPARE(recoPageShownSignature(*m_page), ownSignature);
    }

    // A volume typed in is the volume the cost is quoted at; one that does not read is refused
    // naming the field, and the recommendation shown stays.
    void volumeAndPeak()
    {
        UseCase useCase = *UseCase::bundled(UseCase::bundledIds().front());
        choose(useCase);
        type(RecoField::MonthlyTokens, QStringLiteral("2000000000"));
        useCase.monthlyTokens = 2e9;
        const Recommendation want = Recommender::recommend(*summary(), useCase);
        compareWithCore(want);
        QVERIFY(m_page->presenter()
                    ->model()
                    ->headerData(
                        m_page->presenter()->model()->columnOfKey(QStringLiteral("monthly_usd")),
                        Qt::Horizontal)
                    .toString()
                    .contains(RecommendationText::volume(2e9)));
        const QString headline = m_page->headline();

        type(RecoField::MonthlyTokens, QStringLiteral("lots"));
        QVERIFY2(m_page->message().startsWith(
                     RecommendationPresenter::fieldLabel(RecoField::MonthlyTokens)),
                 qPrintable(m_page->message()));
        QVERIFY(!m_page->field(RecoField::MonthlyTokens)->styleSheet().isEmpty());
        QCOMPARE(m_page->headline(), headline);
        type(RecoField::MonthlyTokens, QStringLiteral("2000000000"));
        type(RecoField::PeakRps, QStringLiteral("0"));
        QVERIFY2(
            m_page->message().startsWith(RecommendationPresenter::fieldLabel(RecoField::PeakRps)),
            qPrintable(m_page->message()));
        type(RecoField::PeakRps, QStringLiteral("25"));
        useCase.peakRps = 25;
        QVERIFY(m_page->message().isEmpty());
        QVERIFY(m_page->field(RecoField::MonthlyTokens)->styleSheet().isEmpty());
        compareWithCore(Recommender::recommend(*summary(), useCase));
    }

    // The chunking fields start from a use case's long document; the arithmetic shown is
    // Chunking::arithmetic's and the estimates Chunking::estimates'; a field out of range is
    // named and the last valid figures stay.
    void chunking()
    {
        QAbstractItemModelTester tester(m_page->presenter()->chunkingModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::optional<UseCase> withDocument;
        for (const UseCase &u : UseCase::bundled())
            if (u.document && !withDocument)
                withDocument = u;
        QVERIFY2(withDocument, "no bundled use case has a long document");
        choose(*withDocument);
        const DocumentAsk &ask = *withDocument->document;
        QCOMPARE(m_page->field(RecoField::DocumentTokens)->text().toLongLong(), ask.documentTokens);
        QCOMPARE(m_page->field(RecoField::ChunkTokens)->text().toLongLong(), ask.chunkTokens);
        QCOMPARE(m_page->field(RecoField::Parallel)->text().toInt(), ask.parallel);

        type(RecoField::DocumentTokens, QStringLiteral("250000"));
        type(RecoField::ChunkTokens, QStringLiteral("60000"));
        type(RecoField::OverlapTokens, QStringLiteral("1500"));
        type(RecoField::InstructionTokens, QStringLiteral("200"));
        type(RecoField::SummaryTokens, QStringLiteral("400"));
        type(RecoField::Parallel, QStringLiteral("3"));
        const ChunkingPlan plan{250000, 60000, 1500, 200, 400, 3};
        const ChunkingArithmetic want = Chunking::arithmetic(plan);
        QVERIFY(m_page->chunkingMessage().isEmpty() ||
                !m_page->presenter()->chunkingRefused().has_value());
        QCOMPARE(m_page->arithmetic(), RecommendationCells::arithmetic(plan, want));
        const auto &shown = m_page->presenter()->arithmetic();
        QVERIFY(shown);
        QCOMPARE(shown->chunks, want.chunks);
        QCOMPARE(shown->chunkedTokens, want.chunkedTokens);
        QCOMPARE(shown->lastChunkTokens, want.lastChunkTokens);
        QCOMPARE(shown->inputTokens, want.inputTokens);
        QCOMPARE(shown->outputTokens, want.outputTokens);
        QCOMPARE(shown->rounds, want.rounds);
        QCOMPARE(shown->wholeInputTokens, want.wholeInputTokens);
        QVERIFY(m_page->arithmetic().contains(QStringLiteral("250,000")));
        const std::vector<ChunkingEstimate> estimates = Chunking::estimates(plan, *summary());
        QVERIFY2(!estimates.empty(), "the demo runs a context sweep");
        const QAbstractItemModel *table = m_page->estimates()->model();
        QCOMPARE(table->rowCount(), int(estimates.size()));
        for (int r = 0; r < table->rowCount(); ++r) {
            const ChunkingEstimate &e = estimates[std::size_t(r)];
            const auto value = [&](int column) {
                return table->index(r, column).data(RowTableModel::ValueRole);
            };
            QCOMPARE(value(ChunkingEstimatesModel::Provider).toString(), e.provider);
            QCOMPARE(value(ChunkingEstimatesModel::ChunkFits).toBool(), e.chunkFits);
            QCOMPARE(value(ChunkingEstimatesModel::WholeFits).toBool(), e.wholeFits);
            QCOMPARE(value(ChunkingEstimatesModel::ChunkedCost),
                     e.chunkedCostUsd ? QVariant(*e.chunkedCostUsd) : QVariant());
            QCOMPARE(value(ChunkingEstimatesModel::ChunkedLatency),
                     e.chunkedLatencyMs ? QVariant(*e.chunkedLatencyMs) : QVariant());
            QCOMPARE(value(ChunkingEstimatesModel::WholeCost),
                     e.wholeCostUsd ? QVariant(*e.wholeCostUsd) : QVariant());
            QCOMPARE(value(ChunkingEstimatesModel::Extrapolated).toBool(), e.extrapolated);
        }
        const QString arithmetic = m_page->arithmetic();

        // Out of range: the overlap not below the chunk, a document of nothing, a word.
        struct Bad {
            RecoField field;
            QString text;
            QString problem; // Chunking::problem's, where it is the one to speak
        };
        ChunkingPlan overlapping = plan;
        overlapping.overlapTokens = 60000;
        ChunkingPlan empty = plan;
        empty.documentTokens = 0;
        const Bad bad[] = {
            {RecoField::OverlapTokens, QStringLiteral("60000"), Chunking::problem(overlapping)},
            {RecoField::DocumentTokens, QStringLiteral("0"), Chunking::problem(empty)},
            {RecoField::Parallel, QStringLiteral("many"), QString()},
        };
        for (const Bad &b : bad) {
            const QString before = m_page->field(b.field)->text();
            type(b.field, b.text);
            const QString message = m_page->chunkingMessage();
            QVERIFY2(message.startsWith(RecommendationPresenter::fieldLabel(b.field)),
                     qPrintable(message));
            if (!b.problem.isEmpty())
                QVERIFY2(message.contains(b.problem), qPrintable(message));
            QCOMPARE(m_page->presenter()->chunkingRefused(), std::optional<RecoField>(b.field));
            QVERIFY(!m_page->field(b.field)->styleSheet().isEmpty());
            QCOMPARE(m_page->arithmetic(), arithmetic);
            type(b.field, before);
            QVERIFY(!m_page->presenter()->chunkingRefused());
            QVERIFY(m_page->field(b.field)->styleSheet().isEmpty());
        }
    }
};

YS_TEST_MAIN(TstRecommendationPage)
#include "tst_recommendation_page.moc"
