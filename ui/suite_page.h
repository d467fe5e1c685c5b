#pragma once

#include "domain/suite.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTreeWidget;

namespace ys {

class BoundFields;
class RequirementsForm;
class ScenarioForm;
class UseCaseFormWidget;
class Workbench;

// Opens, edits, saves and runs a suite file: its name and budget with the cost estimate kept up
// to date, its use case, its requirements, its providers (edited by a dialog the window connects to
// the add/edit requests) and its scenarios, one form per kind. New suites start from a template.
// Bad input is refused in place and a suite with a problem is neither saved nor run.
class SuitePage : public QWidget {
    Q_OBJECT
public:
    explicit SuitePage(Workbench *workbench, QWidget *parent = nullptr);

    const Suite &suite() const { return m_suite; }
    // The file the suite was last opened from or saved to; empty for a new one.
    const QString &filePath() const { return m_path; }
    bool isModified() const { return m_modified; }
    // The first thing that keeps the suite from being saved or run (naming the field), or empty.
    QString problem() const;

    // A new, unsaved suite from a template (suite_templates.h), with the simulated providers when
    // `demoProviders`. False with the reason shown on the page.
    bool newFromTemplate(const QString &templateId, bool demoProviders);
    // False with the reason shown on the page (and the suite shown unchanged).
    bool openFile(const QString &path);
    // Writes exactly what Suite::toJson writes; refused (false, the file untouched) while the
    // suite has a problem.
    bool saveTo(const QString &path);
    // Starts a session of the suite; false with the reason shown on the page.
    bool run();
    // Puts the suite in the store's run queue (docs/workers.md), written off the UI thread (the
    // message says when it is); false, saying why, when it cannot be queued at all.
    bool queue();

    // The providers as the provider dialog returns them.
    void setProvider(int index, const ProviderConfig &provider);
    void appendProvider(const ProviderConfig &provider);

Q_SIGNALS:
    void addProviderRequested();
    void editProviderRequested(int index);
    void modifiedChanged(bool modified);

private:
    QWidget *buildActions();
    QWidget *buildSuiteColumn();
    QWidget *buildListsColumn();
    QWidget *buildProviderButtons();
    QWidget *buildScenarioButtons();
    void load(const Suite &suite, const QString &path, bool modified);
    void setModified(bool modified);
    void changed();
    void showProblem();
    void updateEstimate();
    void refreshProviders();
    void refreshScenarios();
    void selectScenario(int row);
    void scenarioEdited();
    void addScenario();
    void removeScenario();
    void removeProvider();
    void editSelectedProvider();
    bool confirmDiscard();
    void openWithDialog();
    void save();
    void saveAs();
    void newWithTemplate();
    QString scenarioText(int index) const;

    Workbench *m_workbench;
    Suite m_suite;
    QString m_path;
    bool m_modified = false;
    int m_scenario = -1; // the scenario in the form
    BoundFields *m_fields;
    QComboBox *m_template;
    QCheckBox *m_demoProviders;
    QPushButton *m_run;
    QLabel *m_file;
    QLabel *m_modifiedMark;
    QLabel *m_estimate;
    QLabel *m_problem;
    QLabel *m_message;
    UseCaseFormWidget *m_useCase;
    RequirementsForm *m_requirements;
    QTreeWidget *m_providers;
    QListWidget *m_scenarios;
    QComboBox *m_newKind;
    ScenarioForm *m_scenarioForm;
};

} // namespace ys
