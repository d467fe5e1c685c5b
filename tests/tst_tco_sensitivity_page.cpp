#include "analysis/tco.h"
#include "models/tco_sensitivity_model.h"
#include "ui/table_export_menu.h"
#include "ui/tco_page.h"
#include "workbench/tco_form.h"

#include "test_main.h"
#include "workbench_fixtures.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTest>
#include <algorithm>

using namespace ys;

// The TCO page's hidden costs and sensitivity table: what the page shows for the standby
// deployments and a fine-tuning entry typed in is what core (Tco::compute) reports for the same
// input, and a bad hidden-cost field is named.
class TstTcoSensitivityPage : public QObject {
    Q_OBJECT

    // The page's sensitivity table holds core's rows, in core's order, with its moves and
    // unbounded marks.
    static bool sameRows(const TcoPage &page, const TcoReport &core)
    {
        bool ok = false;
        [&] {
            const TcoSensitivityModel *model = page.sensitivityModel();
            QCOMPARE(model->rowCount(), int(core.sensitivity.size()));
            QVERIFY(model->rowCount() > 3);
            for (int r = 0; r < model->rowCount(); ++r) {
                const TcoSensitivity &s = core.sensitivity[std::size_t(r)];
                const auto cell = [model, r](int c, int role = Qt::DisplayRole) {
                    return model->data(model->index(r, c), role);
                };
                QCOMPARE(cell(TcoSensitivityModel::InputColumn).toString(), s.label);
                QCOMPARE(cell(TcoSensitivityModel::LowColumn, RowTableModel::ValueRole).toDouble(),
                         s.low);
                QCOMPARE(cell(TcoSensitivityModel::HighColumn, RowTableModel::ValueRole).toDouble(),
                         s.high);
                const QVariant move =
                    cell(TcoSensitivityModel::MoveColumn, RowTableModel::ValueRole);
                if (s.unbounded()) {
                    QVERIFY(!move.isValid());
                    QCOMPARE(cell(TcoSensitivityModel::MoveColumn).toString(),
                             QStringLiteral("unbounded"));
                } else {
                    QCOMPARE(move.toDouble(), *s.swing);
                }
                const QVariant low =
                    cell(TcoSensitivityModel::BreakEvenLowColumn, RowTableModel::ValueRole);
                QCOMPARE(low.isValid(), bool(s.breakEvenLow));
                if (s.breakEvenLow)
                    QCOMPARE(low.toDouble(), *s.breakEvenLow);
                if (!s.breakEvenHigh)
                    QCOMPARE(cell(TcoSensitivityModel::BreakEvenHighColumn).toString(),
                             QStringLiteral("never"));
            }
            ok = true;
        }();
        return ok;
    }

private Q_SLOTS:
    void hiddenCostsAndSensitivityAreCore()
    {
        test::ScratchWorkbench workbench;
        QVERIFY(workbench.opens());
        TcoPage page(&workbench);
        QAbstractItemModelTester tester(page.sensitivityModel());
        QVERIFY(TableExportMenu::of(page.sensitivityView()));

        page.field(TcoHiddenField::Redundancy)->setText(QStringLiteral("2"));
        page.fineTuneKindBox()->setCurrentIndex(0); // LoRA
        page.field(TcoHiddenField::FineTuneGpuHours)->setText(QStringLiteral("40"));
        page.field(TcoHiddenField::FineTuneRunsPerYear)->setText(QStringLiteral("6"));
        QVERIFY2(page.message().isEmpty(), qPrintable(page.message()));
        QVERIFY(page.report());

        // The same input, built by hand from the defaults.
        TcoInput in;
        in.gpuUsdPerHour = 2.5;
        in.gpus = 1;
        in.utilisation = 0.6;
        in.opsUsdPerMonth = 2000;
        in.tokensPerS = 2500;
        in.apiUsdPer1m = 1.0;
        in.monthlyTokens = 5e8;
        in.redundancy = 2;
        in.fineTunes.push_back(TcoFineTune{QStringLiteral("lora"), 40, 6, std::nullopt});
        QString error;
        const auto core = Tco::compute(in, &error);
        QVERIFY2(core, qPrintable(error));
        QCOMPARE(page.report()->input.redundancy, 2);
        QCOMPARE(page.report()->redundancyUsdPerMonth, core->redundancyUsdPerMonth);
        QCOMPARE(page.report()->fineTuneTotalUsdPerMonth, core->fineTuneTotalUsdPerMonth);
        QVERIFY(core->redundancyUsdPerMonth > 0 && core->fineTuneTotalUsdPerMonth > 0);

        const QStringList lines = page.hiddenCosts();
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("Standby deployments: 2, $3650.00 a month"));
        QCOMPARE(lines[1], QStringLiteral("Fine-tuning (lora): 40.0 GPU-hours × $2.50/h × 6 runs "
                                          "a year / 12 = $50.00 a month"));
        QCOMPARE(lines[2], QStringLiteral("Hidden costs: $3700.00 a month (included above)"));

        QVERIFY(sameRows(page, *core));
        QVERIFY(std::none_of(core->sensitivity.begin(), core->sensitivity.end(),
                             [](const TcoSensitivity &row) { return row.unbounded(); }));
        // The export reads the same rows.
        const DataTable exported = TableExportMenu::of(page.sensitivityView())->table();
        QCOMPARE(int(exported.rows.size()), page.sensitivityModel()->rowCount());

        // An API price at which self-hosting pays off at one end of some inputs only.
        page.field(TcoField::ApiUsdPer1m)->setText(QStringLiteral("0.5"));
        in.apiUsdPer1m = 0.5;
        const auto cheapApi = Tco::compute(in, &error);
        QVERIFY2(cheapApi, qPrintable(error));
        QVERIFY(std::any_of(cheapApi->sensitivity.begin(), cheapApi->sensitivity.end(),
                            [](const TcoSensitivity &row) { return row.unbounded(); }));
        QVERIFY(sameRows(page, *cheapApi));
    }

    void badGpuHoursNamesTheField()
    {
        test::ScratchWorkbench workbench;
        QVERIFY(workbench.opens());
        TcoPage page(&workbench);
        QVERIFY(page.report());
        const double kept = page.report()->fineTuneTotalUsdPerMonth;
        QLineEdit *hours = page.field(TcoHiddenField::FineTuneGpuHours);
        hours->setText(QStringLiteral("many"));
        QVERIFY(page.refusedHiddenField() == TcoHiddenField::FineTuneGpuHours);
        QVERIFY2(page.message().startsWith(TcoPage::fieldLabel(TcoHiddenField::FineTuneGpuHours) +
                                           QStringLiteral(": ")),
                 qPrintable(page.message()));
        QVERIFY(page.message().contains(QStringLiteral("many")));
        QCOMPARE(page.report()->fineTuneTotalUsdPerMonth, kept); // the last valid input stays
        hours->setText(QStringLiteral("-3"));
        QVERIFY(page.refusedHiddenField() == TcoHiddenField::FineTuneGpuHours);
        page.field(TcoHiddenField::Redundancy)->setText(QStringLiteral("1.5"));
        hours->clear(); // no fine-tuning: the standby field is the one refused now
        QVERIFY(page.refusedHiddenField() == TcoHiddenField::Redundancy);
        QVERIFY(page.message().startsWith(TcoPage::fieldLabel(TcoHiddenField::Redundancy)));
        page.field(TcoHiddenField::Redundancy)->setText(QStringLiteral("0"));
        QVERIFY(!page.refusedHiddenField());
        QVERIFY(page.message().isEmpty());
        QCOMPARE(page.hiddenCosts().size(), 2); // standby and total, no fine-tuning line
    }
};

YS_TEST_MAIN(TstTcoSensitivityPage)
#include "tst_tco_sensitivity_page.moc"
