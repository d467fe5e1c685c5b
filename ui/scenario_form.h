#pragma once

#include "domain/scenario.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;
class QStackedWidget;

namespace ys {

class BoundFields;

// The form of one scenario: the common load settings, and the page of its kind's own fields
// (every kind of domain/scenario_kinds.h). It edits a copy; edited() says the copy changed.
class ScenarioForm : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioForm(QWidget *parent = nullptr);

    void setScenario(const Scenario &scenario);
    const Scenario &scenario() const { return m_scenario; }
    // The first field refused in place, or a combination of fields a suite may not hold; empty
    // when the scenario is fine.
    QString problem() const;
    // What a scenario's fields may not be together (open loop without a rate, ...), naming the
    // field; empty when nothing.
    static QString check(const Scenario &scenario);

Q_SIGNALS:
    void edited();
    void problemChanged();

private:
    void buildCommon(QFormLayout *form);
    void buildSweepPages();
    void buildProbePages();
    void buildLoadPages();
    // The latency page's trace replay: the file (loaded as it is typed or chosen) and its time
    // scale.
    void buildTraceFields(QFormLayout *form);
    // Loads the trace at file (empty: none) into the scenario; the message when it cannot.
    QString setTrace(const QString &file, const QString &label);
    QFormLayout *addPage(const QString &kind);
    // A request size: a number, or a distribution written as SizeText reads it.
    QLineEdit *addSize(QFormLayout *form, const QString &label, const QString &name, int *nominal,
                       std::optional<SizeDistribution> *distribution, int max);
    void showKind();

    Scenario m_scenario;
    BoundFields *m_fields;
    QLabel *m_title;
    QLabel *m_note;
    QStackedWidget *m_kinds;
    QFormLayout *m_common = nullptr;
    QLineEdit *m_prompt = nullptr;
    QLineEdit *m_output = nullptr;
    QList<QWidget *> m_sizeAndLoad; // disabled while a trace sets them
    double m_traceScale = 1.0;      // kept while no trace is set
};

} // namespace ys
