#pragma once

#include "domain/suite.h"
#include "domain/use_case.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// The Suite page's use case (docs/use-cases.md): which one the suite is read for (none, a
// bundled one, or the suite's own), and the monthly volume and peak rate its cost is quoted at
// as the texts of their fields, read as the analyst's locale writes numbers (or as C does), token
// counts also as "300M", "2B" or "250K". An empty text is none.
class UseCaseForm {
    Q_DECLARE_TR_FUNCTIONS(ys::UseCaseForm)
public:
    enum class Field { MonthlyTokens, PeakRps };
    static QString fieldLabel(Field field);

    struct Choice {
        QString title;                  // as the choice list shows it
        std::optional<UseCase> useCase; // none: no use case
        bool own = false;               // the suite's own (or the analyst's file), not bundled
    };

    // The form of `suite`'s use case: None, each bundled use case, and the suite's own when it is
    // none of the bundled (the same id, weights and document as a bundled one count as that
    // one); that choice chosen and its volume and peak as the texts.
    explicit UseCaseForm(const Suite &suite = {});

    const std::vector<Choice> &choices() const { return m_choices; }
    int chosen() const { return m_chosen; }
    const UseCase *chosenUseCase() const;
    // Chooses a use case (ignored out of range): the texts take its volume and peak, and the
    // next apply() replaces the suite's requirements with its requirements.
    void choose(int index);
    // Reads a use-case file (UseCase::load) as the suite's own, replacing an own one there was,
    // and chooses it; false with *error the loader's message (naming the file and the field),
    // the form unchanged.
    bool loadFile(const QString &path, QString *error);

    const QString &text(Field field) const { return m_texts[int(field)]; }
    void setText(Field field, const QString &text) { m_texts[int(field)] = text; }

    // The first text that does not read, or is not above zero, named by its field; only while a
    // use case is chosen (None has no volume nor peak).
    std::optional<Field> refused() const;
    QString problem() const;
    // The chosen use case's description and its requirements in words.
    QString description() const;

    // Puts the choice in `suite`: None removes its use case (its requirements stay); a use case
    // chosen since the last apply() becomes the suite's, its requirements the suite's
    // requirements; the volume and peak that read go into suite.useCase. True when the suite's
    // requirements were replaced (a requirements form must show them).
    bool apply(Suite &suite);

    // A token count as the field writes it: "300M", "2B", else the number; and back (an empty
    // text: nullopt with *ok true).
    static QString tokensText(double tokens);
    static std::optional<double> readNumber(const QString &text, bool allowSuffix, bool *ok);

private:
    std::vector<Choice> m_choices;
    int m_chosen = 0;
    bool m_replace = false; // a use case chosen since the last apply()
    QString m_texts[2];
};

} // namespace ys
