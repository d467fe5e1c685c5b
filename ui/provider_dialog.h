#pragma once

#include "domain/provider_config.h"
#include "workbench/provider_form.h"

#include <QDialog>
#include <map>
#include <optional>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QTabWidget;
class QPushButton;
class QTableView;

namespace ys {

class CatalogFilterModel;
class CatalogModel;
class ConnectionTest;
struct ConnectionResult;

// Adds or edits one provider of a suite: the dialect, the address, the model (typed, or picked
// from the price catalog's table with its prices and context window), a preset, the key
// reference, price overrides and the context window, with "Test connection" sending one tiny
// request. Bad input is shown next to its field and OK refuses it: nothing is returned until
// every field is valid. A key pasted where its reference belongs is cleared from the field at
// once and never kept.
//
// Tests drive it without exec(): show() it, fill the fields, click OK and read provider().
class ProviderDialog : public QDialog {
    Q_OBJECT
public:
    // takenNames: the suite's other providers (the edited provider's own name may stay).
    ProviderDialog(const ProviderConfig &initial, std::vector<QString> takenNames,
                   QWidget *parent = nullptr);
    ~ProviderDialog() override;

    // Runs the dialog; the provider as accepted, or nullopt when cancelled.
    static std::optional<ProviderConfig> edit(const ProviderConfig &initial,
                                              const std::vector<QString> &takenNames,
                                              QWidget *parent = nullptr);

    // The provider OK accepted; nullopt before, after a refused OK and after Cancel.
    const std::optional<ProviderConfig> &provider() const { return m_provider; }
    // The form's contents as they stand.
    ProviderDraft draft() const;

    // For tests and the suite page: the editors by field, the message shown next to a field
    // (empty when none), the catalog table and its filter.
    QLineEdit *lineEdit(ProviderField field) const;
    QComboBox *dialectCombo() const { return m_dialect; }
    QComboBox *presetCombo() const { return m_preset; }
    QString problemShown(ProviderField field) const;
    QLineEdit *catalogFilter() const { return m_filter; }
    QTableView *catalogTable() const { return m_table; }
    CatalogModel *catalogModel() const { return m_catalog; }
    CatalogFilterModel *catalogProxy() const { return m_proxy; }
    QPushButton *okButton() const { return m_ok; }
    QPushButton *testButton() const { return m_test; }
    QLabel *testResultLabel() const { return m_testResult; }
    ConnectionTest *connectionTest() const { return m_connection; }
    // The form's tabs: endpoint and price, network, operations.
    QTabWidget *formTabs() const { return m_tabs; }

    // Fills the form from a row of the (filtered) catalog table.
    void pickCatalogRow(int proxyRow);

public Q_SLOTS:
    // Refuses (and shows every problem in place) while a field is invalid.
    void accept() override;
    void reject() override;

private:
    QWidget *buildForm();
    QWidget *buildEndpointTab();
    QWidget *buildNetworkTab();
    QWidget *buildOperationsTab();
    // Brings the tab holding field's editor to the front.
    void showTabOf(ProviderField field);
    QWidget *buildCatalog();
    QLineEdit *addLine(QFormLayout *form, ProviderField field, const QString &objectName,
                       const QString &placeholder);
    void addRow(QFormLayout *form, ProviderField field, QWidget *editor);
    void setDraft(const ProviderDraft &draft);
    // The fields of draft, with the catalog entry and price it was taken from, if any.
    void showDraft(const ProviderDraft &draft);
    std::vector<FieldProblem> problems() const;
    void refreshProblems();
    void forgetPastedKey();
    void onPresetChosen(int index);
    void onModelEdited(const QString &text);
    void updateCatalogNote();
    void startTest();
    void showTestResult(const ys::ConnectionResult &result);

    ProviderConfig m_initial;
    std::vector<QString> m_taken;
    std::optional<ProviderConfig> m_provider;

    QComboBox *m_preset = nullptr;
    QComboBox *m_dialect = nullptr;
    std::map<ProviderField, QLineEdit *> m_lines;
    QComboBox *m_httpVersion = nullptr;
    QTabWidget *m_tabs = nullptr;
    std::map<ProviderField, QLabel *> m_errors;
    std::map<ProviderField, bool> m_touched;
    bool m_showAll = false;    // after OK was pressed: every problem, touched or not
    bool m_keyRefused = false; // a key was pasted and cleared; until the field is edited again
    QString m_catalogEntry;
    std::optional<Price> m_catalogPrice;
    QString m_catalogModel; // the model id the entry was picked with
    QLabel *m_catalogNote = nullptr;

    QLineEdit *m_filter = nullptr;
    QTableView *m_table = nullptr;
    CatalogModel *m_catalog = nullptr;
    CatalogFilterModel *m_proxy = nullptr;

    QPushButton *m_ok = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_testResult = nullptr;
    ConnectionTest *m_connection = nullptr;
};

} // namespace ys
