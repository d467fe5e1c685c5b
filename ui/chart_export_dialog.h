#pragma once

#include "charts/chart_export.h"

#include <QDialog>

class QChart;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace ys {

// Asks how to export one chart: format, width × height in pixels, DPI (PNG), theme (current or
// print) and the file, and saves it on Save. Its choices are kept (QSettings) for the next
// export. Bad input (a size of 0, an unknown extension, a path that cannot be written) is said
// in a message box naming what is wrong; the dialog stays open and no file is left behind.
class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    ChartExportDialog(QChart *chart, const QString &footnote, QWidget *parent = nullptr);

    ChartExportOptions options() const;
    void setOptions(const ChartExportOptions &options);
    QString path() const;
    void setPath(const QString &path);
    // Writes the chart as the dialog says: false, with *error naming the field or the file,
    // when it cannot (nothing is written then).
    bool save(QString *error);
    // The choices last saved with, or the defaults.
    static ChartExportOptions storedOptions();
    static QString storedFolder();

    void accept() override;

private:
    void formatChosen();
    void pathEdited();
    void browse();
    void store() const;

    QChart *m_chart;
    QString m_footnote;
    QComboBox *m_format;
    QSpinBox *m_width;
    QSpinBox *m_height;
    QSpinBox *m_dpi;
    QComboBox *m_theme;
    QLineEdit *m_path;
};

} // namespace ys
