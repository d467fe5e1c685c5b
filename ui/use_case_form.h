#pragma once

#include "workbench/use_case_form.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace ys {

// The Suite page's "Use case" group: the use case the suite is read for (None, a bundled one, or
// the suite's own, brought by "Open use case…"), its monthly volume and peak rate, and what the
// chosen one is and requires. It edits a copy (workbench/use_case_form.h); edited() says the
// copy changed and apply() puts it in a suite.
class UseCaseFormWidget : public QWidget {
    Q_OBJECT
public:
    explicit UseCaseFormWidget(QWidget *parent = nullptr);

    // Shows the suite's use case, volume and peak.
    void setSuite(const Suite &suite);
    // UseCaseForm::apply: true when the suite's requirements were replaced by the use case's.
    bool apply(Suite &suite) { return m_form.apply(suite); }
    QString problem() const { return m_form.problem(); }
    const UseCaseForm &form() const { return m_form; }

    // Reads a use-case file as "Open use case…" does once its dialog is closed: added as the
    // suite's own and chosen; false with the loader's message shown.
    bool openUseCase(const QString &path);

Q_SIGNALS:
    void edited();
    void problemChanged();

private:
    void openWithDialog();
    void showForm();
    void showProblem();
    void choose(int index);
    static QString help(UseCaseForm::Field field);

    UseCaseForm m_form;
    QComboBox *m_choice;
    QLineEdit *m_edits[2];
    QLabel *m_description;
    QLabel *m_message;
    QString m_lastDir;
};

} // namespace ys
