#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace ys {

class RowTableModel;
class Workbench;

// A results tab that is a table with a row per provider (its first column the provider's name)
// under a line of text: the row of the provider selected elsewhere is selected here, and a row
// selected here selects its provider everywhere (Workbench::selectProvider). A derived view
// fills its model and the line in refresh(), which runs when the summary changes (while hidden,
// when next shown).
class ProviderTableView : public QWidget {
    Q_OBJECT
public:
    QTableView *table() const { return m_table; }
    RowTableModel *tableModel() const { return m_model; }
    QString message() const;

protected:
    // The view named name (its table nameTable, exported as exportName) over model, which it
    // takes: one row selected at a time, columns fitted to their contents.
    ProviderTableView(Workbench *workbench, RowTableModel *model, const QString &name,
                      const QString &exportName, QWidget *parent);
    // Fills the model from workbench()->summary() (none: no session) and sets the line.
    virtual void refresh() = 0;
    // Calls refresh() and selects the selected provider's row now when visible, else when next
    // shown (a hidden tab costs the UI thread nothing while a session loads).
    void reload();
    void showEvent(QShowEvent *event) override;

    Workbench *workbench() const { return m_workbench; }
    void setMessage(const QString &text);

private:
    void follow(const QString &provider);

    Workbench *m_workbench;
    RowTableModel *m_model;
    QLabel *m_message;
    QTableView *m_table;
    bool m_dirty = true;
};

} // namespace ys
