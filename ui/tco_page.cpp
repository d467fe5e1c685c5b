#include "ui/tco_page.h"

#include "charts/tco_chart.h"
#include "workbench/workbench.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

namespace ys {

namespace {

constexpr int kFieldCount = 7;

// Numbers as the analyst's locale writes them, or as C does.
std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    double v = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        v = text.trimmed().toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

QString plain(double v)
{
    return QString::number(v, 'g', 12);
}

} // namespace

QString TcoPage::fieldLabel(TcoField f)
{
    switch (f) {
    case TcoField::GpuUsdPerHour:
        return tr("GPU price per hour ($)");
    case TcoField::Gpus:
        return tr("GPUs per deployment");
    case TcoField::Utilisation:
        return tr("Utilisation (0–1]");
    case TcoField::OpsUsdPerMonth:
        return tr("Operations per month ($)");
    case TcoField::TokensPerS:
        return tr("Throughput (tokens/s)");
    case TcoField::ApiUsdPer1m:
        return tr("API price per 1M tokens ($)");
    case TcoField::MonthlyTokens:
        return tr("Tokens per month");
    }
    return {};
}

TcoPage::TcoPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_message(new QLabel(this))
    , m_result(new QLabel(this))
    , m_useMeasured(new QPushButton(tr("Use the selected provider's measurements"), this))
    , m_chart(new TcoChart(this))
{
    setObjectName(QStringLiteral("tcoPage"));
    m_message->setObjectName(QStringLiteral("tcoMessage"));
    m_message->setWordWrap(true);
    m_result->setObjectName(QStringLiteral("tcoResult"));
    m_result->setWordWrap(true);
    m_useMeasured->setObjectName(QStringLiteral("tcoUseMeasured"));
    m_useMeasured->setToolTip(
        tr("The API price from the selected provider's measured cost, the throughput from its "
           "best sustained concurrency-sweep step"));
    m_chart->setObjectName(QStringLiteral("tcoChart"));
    m_chart->setMinimumHeight(260);

    // A deployment of one GPU against a $1 per 1M API at 500M tokens a month.
    const double defaults[kFieldCount] = {2.5, 1, 0.6, 2000, 2500, 1.0, 5e8};
    auto *inputs = new QGroupBox(tr("Inputs"), this);
    auto *form = new QFormLayout(inputs);
    for (int i = 0; i < kFieldCount; ++i) {
        const auto f = TcoField(i);
        auto *edit = new QLineEdit(plain(defaults[i]), inputs);
        edit->setObjectName(QStringLiteral("tco_%1").arg(TcoCurves::optionName(f)));
        form->addRow(fieldLabel(f), edit);
        connect(edit, &QLineEdit::textChanged, this, &TcoPage::recompute);
        m_fields[std::size_t(i)] = edit;
    }
    form->addRow(m_useMeasured);
    form->addRow(m_message);
    form->addRow(m_result);
    connect(m_useMeasured, &QPushButton::clicked, this, &TcoPage::useMeasured);

    auto *layout = new QHBoxLayout(this);
    layout->addWidget(inputs, 2);
    layout->addWidget(m_chart, 3);
    recompute();
}

QString TcoPage::message() const
{
    return m_message->text();
}

void TcoPage::refuse(TcoField f, const QString &why)
{
    m_refused = f;
    m_fields[std::size_t(f)]->setStyleSheet(
        QStringLiteral("QLineEdit { border: 2px solid #e15759; }"));
    m_message->setText(tr("%1: %2").arg(fieldLabel(f), why));
}

void TcoPage::recompute()
{
    for (QLineEdit *e : m_fields)
        e->setStyleSheet(QString());
    m_refused.reset();
    double values[kFieldCount] = {};
    for (int i = 0; i < kFieldCount; ++i) {
        const QString text = m_fields[std::size_t(i)]->text();
        const auto v = parseNumber(text);
        if (!v) {
            refuse(TcoField(i), tr("\"%1\" is not a number").arg(text));
            return;
        }
        values[i] = *v;
    }
    const double gpus = values[int(TcoField::Gpus)];
    if (gpus != std::floor(gpus) || std::abs(gpus) > 1e6) {
        refuse(TcoField::Gpus, tr("%1 is not a whole number").arg(plain(gpus)));
        return;
    }
    TcoInput in;
    in.gpuUsdPerHour = values[int(TcoField::GpuUsdPerHour)];
    in.gpus = int(gpus);
    in.utilisation = values[int(TcoField::Utilisation)];
    in.opsUsdPerMonth = values[int(TcoField::OpsUsdPerMonth)];
    in.tokensPerS = values[int(TcoField::TokensPerS)];
    in.apiUsdPer1m = values[int(TcoField::ApiUsdPer1m)];
    in.monthlyTokens = values[int(TcoField::MonthlyTokens)];
    in.throughputSource = tr("given");
    in.apiPriceSource = tr("given");
    if (const auto problem = TcoCurves::problem(in)) {
        refuse(problem->field, problem->why);
        return;
    }
    QString error;
    m_report = Tco::compute(in, &error);
    if (!m_report) { // problem() found none, so this does not happen; say so if it does
        m_message->setText(error);
        return;
    }
    m_message->clear();
    m_chart->setCurve(TcoCurves::curve(in), in.monthlyTokens);
    const TcoReport &r = *m_report;
    const QString breakEven = r.at.breakEvenTokensPerMonth
                                  ? tr("Break-even at %L1M tokens a month.")
                                        .arg(*r.at.breakEvenTokensPerMonth / 1e6, 0, 'f', 1)
                                  : tr("Self-hosting never pays off at this utilisation.");
    m_result->setText(
        tr("At %L1M tokens a month: API $%L2, self-hosted $%L3 (%4). %5")
            .arg(in.monthlyTokens / 1e6, 0, 'f', 1)
            .arg(r.apiUsdPerMonth, 0, 'f', 0)
            .arg(r.at.selfUsdPerMonth, 0, 'f', 0)
            .arg(r.selfCheaper() ? tr("self-hosting is cheaper") : tr("the API is cheaper"))
            .arg(breakEven));
}

void TcoPage::useMeasured()
{
    const auto summary = m_workbench->summary();
    const QString name = m_workbench->selectedProvider();
    const ProviderSummary *p = nullptr;
    if (summary)
        for (const ProviderSummary &s : summary->providers)
            if (s.name == name)
                p = &s;
    if (!p) {
        m_message->setText(tr("Select a provider of a session first."));
        return;
    }
    QStringList notes;
    if (const auto price = Tco::measuredUsdPer1m(*p))
        m_fields[std::size_t(TcoField::ApiUsdPer1m)]->setText(plain(*price));
    else
        notes << tr("%1 has no measured cost.").arg(name);
    QString error;
    if (const auto rate = Tco::sweepThroughput(*p, &error))
        m_fields[std::size_t(TcoField::TokensPerS)]->setText(plain(rate->tokensPerS));
    else
        notes << error;
    if (!notes.isEmpty() && !m_refused)
        m_message->setText(notes.join(QLatin1Char(' ')));
}

} // namespace ys
