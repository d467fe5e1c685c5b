#include "ui/requirements_form.h"

#include "ui/bound_fields.h"
#include "ui/named_child.h"

#include <QComboBox>
#include <QFormLayout>

namespace ys {

namespace {

const QString kMeasured = QStringLiteral("measured");
const QString kList = QStringLiteral("list");

} // namespace

RequirementsForm::RequirementsForm(QWidget *parent)
    : QWidget(parent)
    , m_fields(new BoundFields(this))
    , m_preset(namedChild<QComboBox>(QStringLiteral("requirementsPreset"), this))
{
    setObjectName(QStringLiteral("requirementsForm"));
    auto *form = new QFormLayout(this);
    m_preset->addItem(tr("None (only the gates below)"), QString());
    for (const QString &name : Requirements::presetNames())
        m_preset->addItem(name, name);
    form->addRow(tr("Preset"), m_preset);
    connect(m_preset, &QComboBox::activated, this, &RequirementsForm::choosePreset);

    Requirements &r = m_requirements;
    BoundFields &f = *m_fields;
    const double big = 1e12;
    f.addOptDouble(form, tr("Max E2E P95 (ms)"), QStringLiteral("maxE2eP95Ms"), &r.maxP95LatencyMs,
                   0, big);
    f.addOptDouble(form, tr("Max TTFT P95 (ms)"), QStringLiteral("maxTtftP95Ms"), &r.maxTtftP95Ms,
                   0, big);
    f.addOptDouble(form, tr("Max $ per 1K tokens"), QStringLiteral("maxUsdPer1k"), &r.maxUsdPer1k,
                   0, big);
    f.addChoice(form, tr("Cost basis"), QStringLiteral("costBasis"), &m_basis, {kMeasured, kList});
    f.addDouble(form, tr("List weight, input"), QStringLiteral("listInputWeight"),
                &r.listInputWeight, 0, big);
    f.addDouble(form, tr("List weight, output"), QStringLiteral("listOutputWeight"),
                &r.listOutputWeight, 0, big);
    f.addOptInt64(form, tr("Min context (tokens)"), QStringLiteral("minContextTokens"),
                  &r.minContextTokens, 0, 100'000'000'000);
    f.addOptInt(form, tr("Gates that must pass (N of M)"), QStringLiteral("minPassed"),
                &r.minPassed, 1, 4);
    f.addOptDouble(form, tr("Objective: TTFT (ms)"), QStringLiteral("sloTtftMs"), &r.slo.ttftMs, 0,
                   big, true);
    f.addOptDouble(form, tr("Objective: time per output token (ms)"), QStringLiteral("sloTpotMs"),
                   &r.slo.tpotMs, 0, big, true);
    f.addOptDouble(form, tr("Objective: E2E (ms)"), QStringLiteral("sloE2eMs"), &r.slo.e2eMs, 0,
                   big, true);

    connect(m_fields, &BoundFields::edited, this, [this] {
        m_requirements.costBasis = m_basis == kList ? CostBasis::List : CostBasis::Measured;
        Q_EMIT edited();
        Q_EMIT problemChanged();
    });
    connect(m_fields, &BoundFields::problemChanged, this, &RequirementsForm::problemChanged);
    setRequirements(std::nullopt);
}

void RequirementsForm::setRequirements(const std::optional<Requirements> &requirements)
{
    m_requirements = requirements.value_or(Requirements{});
    m_basis = m_requirements.costBasis == CostBasis::List ? kList : kMeasured;
    m_fields->loadAll();
    showPreset();
    Q_EMIT problemChanged();
}

void RequirementsForm::showPreset()
{
    m_preset->setCurrentIndex(std::max(0, m_preset->findData(m_requirements.preset)));
}

void RequirementsForm::choosePreset(int index)
{
    const QString name = m_preset->itemData(index).toString();
    setRequirements(name.isEmpty() ? Requirements::none() : Requirements::fromPreset(name));
    Q_EMIT edited();
}

QString RequirementsForm::problem() const
{
    if (const QString p = m_fields->problem(); !p.isEmpty())
        return p;
    const Requirements &r = m_requirements;
    if (!(r.listInputWeight > 0) && !(r.listOutputWeight > 0))
        return tr("List weight, input: the input and output weights must not both be 0");
    if (r.minPassed && *r.minPassed > r.gateCount())
        return tr("Gates that must pass (N of M): %1 is more than the %2 gates set")
            .arg(*r.minPassed)
            .arg(r.gateCount());
    return {};
}

} // namespace ys
