#include "workbench/use_case_form.h"

#include "analysis/gates.h"

#include <QLocale>
#include <cmath>

namespace ys {

namespace {

// The same use case as a bundled one, whatever its requirements, volume and peak (a suite's
// own values of those) and its words (as translated when it was written).
bool useCaseFormSameCase(const UseCase &a, const UseCase &b)
{
    return a.id == b.id && a.weights == b.weights && a.document == b.document;
}

QString useCaseFormNumberText(double v)
{
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    return locale.toString(v, 'g', 12);
}

} // namespace

QString UseCaseForm::fieldLabel(Field field)
{
    switch (field) {
    case Field::MonthlyTokens:
        return tr("Tokens per month");
    case Field::PeakRps:
        return tr("Peak requests per second");
    }
    return {};
}

UseCaseForm::UseCaseForm(const Suite &suite)
{
    m_choices.push_back({tr("None"), std::nullopt, false});
    for (const UseCase &u : UseCase::bundled())
        m_choices.push_back({u.title, u, false});
    if (!suite.useCase)
        return;
    const UseCase &own = *suite.useCase;
    for (int i = 1; i < int(m_choices.size()); ++i)
        if (useCaseFormSameCase(*m_choices[std::size_t(i)].useCase, own)) {
            m_chosen = i;
            // The suite's version: its requirements are those it carries.
            m_choices[std::size_t(i)].useCase = own;
        }
    if (m_chosen == 0) {
        m_choices.push_back({tr("%1 (the suite's own)").arg(own.title), own, true});
        m_chosen = int(m_choices.size()) - 1;
    }
    m_texts[int(Field::MonthlyTokens)] =
        own.monthlyTokens ? tokensText(*own.monthlyTokens) : QString();
    m_texts[int(Field::PeakRps)] = own.peakRps ? useCaseFormNumberText(*own.peakRps) : QString();
}

const UseCase *UseCaseForm::chosenUseCase() const
{
    const std::optional<UseCase> &u = m_choices[std::size_t(m_chosen)].useCase;
    return u ? &*u : nullptr;
}

void UseCaseForm::choose(int index)
{
    if (index < 0 || index >= int(m_choices.size()))
        return;
    m_chosen = index;
    m_replace = index > 0;
    const UseCase *u = chosenUseCase();
    m_texts[int(Field::MonthlyTokens)] =
        u && u->monthlyTokens ? tokensText(*u->monthlyTokens) : QString();
    m_texts[int(Field::PeakRps)] = u && u->peakRps ? useCaseFormNumberText(*u->peakRps) : QString();
}

bool UseCaseForm::loadFile(const QString &path, QString *error)
{
    auto loaded = UseCase::load(path, error);
    if (!loaded)
        return false;
    Choice choice{tr("%1 (the suite's own)").arg(loaded->title), std::move(*loaded), true};
    if (m_choices.back().own)
        m_choices.back() = std::move(choice);
    else
        m_choices.push_back(std::move(choice));
    choose(int(m_choices.size()) - 1);
    return true;
}

std::optional<double> UseCaseForm::readNumber(const QString &text, bool allowSuffix, bool *ok)
{
    QString t = text.trimmed();
    *ok = true;
    if (t.isEmpty())
        return std::nullopt;
    double scale = 1;
    if (allowSuffix && !t.isEmpty()) {
        const QChar last = t.back().toUpper();
        const double scales[] = {1e3, 1e6, 1e9};
        const QString suffixes = QStringLiteral("KMB");
        if (const auto at = suffixes.indexOf(last); at >= 0) {
            scale = scales[at];
            t.chop(1);
            t = t.trimmed();
        }
    }
    double v = QLocale().toDouble(t, ok);
    if (!*ok)
        v = t.toDouble(ok);
    if (!*ok || !std::isfinite(v * scale)) {
        *ok = false;
        return std::nullopt;
    }
    return v * scale;
}

QString UseCaseForm::tokensText(double tokens)
{
    if (tokens >= 1e9 && std::fmod(tokens, 1e7) == 0)
        return useCaseFormNumberText(tokens / 1e9) + QLatin1Char('B');
    if (tokens >= 1e6 && std::fmod(tokens, 1e4) == 0)
        return useCaseFormNumberText(tokens / 1e6) + QLatin1Char('M');
    if (tokens >= 1e3 && std::fmod(tokens, 10) == 0)
        return useCaseFormNumberText(tokens / 1e3) + QLatin1Char('K');
    return useCaseFormNumberText(tokens);
}

std::optional<UseCaseForm::Field> UseCaseForm::refused() const
{
    if (!chosenUseCase())
        return std::nullopt;
    for (const Field f : {Field::MonthlyTokens, Field::PeakRps}) {
        bool ok = false;
        const auto v = readNumber(text(f), f == Field::MonthlyTokens, &ok);
        if (!ok || (v && !(*v > 0)))
            return f;
    }
    return std::nullopt;
}

QString UseCaseForm::problem() const
{
    const auto f = refused();
    if (!f)
        return {};
    bool ok = false;
    const auto v = readNumber(text(*f), *f == Field::MonthlyTokens, &ok);
    const QString why =
        !ok ? (*f == Field::MonthlyTokens ? tr("\"%1\" is not a number of tokens (e.g. 300M, 2B)")
                                          : tr("\"%1\" is not a number"))
                  .arg(text(*f).trimmed())
            : tr("%1 is not above zero").arg(useCaseFormNumberText(v.value_or(0)));
    return tr("%1: %2").arg(fieldLabel(*f), why);
}

QString UseCaseForm::description() const
{
    const UseCase *u = chosenUseCase();
    if (!u)
        return tr("No use case: the suite's requirements alone decide which providers qualify.");
    const QStringList gates = Gates::describe(u->requirements);
    const QString asks = gates.isEmpty() ? tr("It sets no requirements.")
                                         : tr("It requires %1.").arg(gates.join(tr("; ")));
    return tr("%1\n%2").arg(u->description, asks);
}

bool UseCaseForm::apply(Suite &suite)
{
    const UseCase *u = chosenUseCase();
    if (!u) {
        suite.useCase.reset();
        m_replace = false;
        return false;
    }
    bool replaced = false;
    if (m_replace || !suite.useCase) {
        suite.useCase = *u;
        suite.requirements = u->requirements;
        replaced = true;
        m_replace = false;
    }
    for (const Field f : {Field::MonthlyTokens, Field::PeakRps}) {
        bool ok = false;
        const auto v = readNumber(text(f), f == Field::MonthlyTokens, &ok);
        if (!ok || (v && !(*v > 0)))
            continue; // refused: the suite keeps the last good value
        (f == Field::MonthlyTokens ? suite.useCase->monthlyTokens : suite.useCase->peakRps) = v;
    }
    return replaced;
}

} // namespace ys
