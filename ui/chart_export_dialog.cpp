#include "ui/chart_export_dialog.h"
#include "ui/named_child.h"

#include <QChart>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <algorithm>

namespace ys {

namespace {

const QString kGroup = QStringLiteral("chartExport");

QString defaultFolder()
{
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    return pictures.isEmpty() ? QDir::homePath() : pictures;
}

// A file name from the chart's title: characters that no file system takes become dashes.
QString fileNameOf(const QString &title)
{
    QString name = title.trimmed();
    for (QChar &c : name) {
        if (c.isNull() || QStringLiteral("/\\:*?\"<>|").contains(c))
            c = QLatin1Char('-');
    }
    return name;
}

} // namespace

ChartExportDialog::ChartExportDialog(QChart *chart, const QString &footnote, QWidget *parent)
    : QDialog(parent)
    , m_chart(chart)
    , m_footnote(footnote)
    , m_format(namedChild<QComboBox>(QStringLiteral("chartFormat"), this))
    , m_width(namedChild<QSpinBox>(QStringLiteral("chartWidth"), this))
    , m_height(namedChild<QSpinBox>(QStringLiteral("chartHeight"), this))
    , m_dpi(namedChild<QSpinBox>(QStringLiteral("chartDpi"), this))
    , m_theme(namedChild<QComboBox>(QStringLiteral("chartTheme"), this))
    , m_path(namedChild<QLineEdit>(QStringLiteral("chartPath"), this))
{
    setObjectName(QStringLiteral("chartExportDialog"));
    setWindowTitle(tr("Export chart"));
    m_format->addItem(tr("PNG image"), int(ChartFormat::Png));
    m_format->addItem(tr("SVG drawing"), int(ChartFormat::Svg));
    m_format->addItem(tr("PDF document"), int(ChartFormat::Pdf));
    // 0 can be typed so that it is refused with a reason rather than silently raised.
    for (QSpinBox *side : {m_width, m_height}) {
        side->setRange(0, ChartExport::kMaxSide);
        side->setSuffix(tr(" px"));
    }
    m_dpi->setRange(ChartExport::kMinDpi, ChartExport::kMaxDpi);
    m_theme->addItem(tr("Current"), int(ChartTheme::Current));
    m_theme->addItem(tr("Print (white background, dark ink)"), int(ChartTheme::Print));
    auto *browse = new QPushButton(tr("&Browse…"), this);
    browse->setObjectName(QStringLiteral("chartBrowse"));

    auto *size = new QHBoxLayout;
    size->addWidget(m_width, 1);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(m_height, 1);
    auto *file = new QHBoxLayout;
    file->addWidget(m_path, 1);
    file->addWidget(browse);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Size:"), size);
    form->addRow(tr("&DPI:"), m_dpi);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("F&ile:"), file);
    form->addRow(buttons);

    setOptions(storedOptions());
    const QString name =
        chart && !chart->title().isEmpty() ? fileNameOf(chart->title()) : tr("chart");
    setPath(QDir(storedFolder())
                .filePath(name + QLatin1Char('.') + ChartExport::suffix(options().format)));

    connect(m_format, &QComboBox::currentIndexChanged, this, &ChartExportDialog::formatChosen);
    connect(m_path, &QLineEdit::editingFinished, this, &ChartExportDialog::pathEdited);
    connect(browse, &QPushButton::clicked, this, &ChartExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &ChartExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ChartExportDialog::reject);
}

ChartExportOptions ChartExportDialog::options() const
{
    ChartExportOptions o;
    o.format = ChartFormat(m_format->currentData().toInt());
    o.size = QSize(m_width->value(), m_height->value());
    o.dpi = m_dpi->value();
    o.theme = ChartTheme(m_theme->currentData().toInt());
    o.footnote = m_footnote;
    return o;
}

void ChartExportDialog::setOptions(const ChartExportOptions &o)
{
    m_format->setCurrentIndex(std::max(0, m_format->findData(int(o.format))));
    m_width->setValue(o.size.width());
    m_height->setValue(o.size.height());
    m_dpi->setValue(o.dpi);
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(int(o.theme))));
    m_dpi->setEnabled(o.format == ChartFormat::Png);
}

QString ChartExportDialog::path() const
{
    return m_path->text().trimmed();
}

void ChartExportDialog::setPath(const QString &path)
{
    m_path->setText(QDir::toNativeSeparators(path));
}

// The extension follows the format chosen.
void ChartExportDialog::formatChosen()
{
    const ChartFormat format = options().format;
    m_dpi->setEnabled(format == ChartFormat::Png);
    const QFileInfo info(path());
    if (!path().isEmpty() && ChartExport::formatOf(path()))
        setPath(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') +
                                    ChartExport::suffix(format)));
}

// And the format follows an extension typed.
void ChartExportDialog::pathEdited()
{
    if (const auto format = ChartExport::formatOf(path()))
        m_format->setCurrentIndex(m_format->findData(int(*format)));
}

void ChartExportDialog::browse()
{
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export chart"), path(),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (chosen.isEmpty())
        return;
    setPath(chosen);
    pathEdited();
}

bool ChartExportDialog::save(QString *error)
{
    const ChartExportOptions o = options();
    QString target = QDir::fromNativeSeparators(path());
    if (target.isEmpty()) {
        *error = tr("File: choose where to save the chart.");
        return false;
    }
    if (QFileInfo(target).suffix().isEmpty())
        target += QLatin1Char('.') + ChartExport::suffix(o.format);
    if (const QString problem = ChartExport::check(o); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    if (!ChartExport::formatOf(target)) {
        *error = tr("File: unknown extension \"%1\" (use .png, .svg or .pdf).")
                     .arg(QFileInfo(target).suffix());
        return false;
    }
    if (*ChartExport::formatOf(target) != o.format) {
        *error = tr("File: the extension .%1 does not match the format %2.")
                     .arg(QFileInfo(target).suffix(), ChartExport::suffix(o.format).toUpper());
        return false;
    }
    if (!m_chart || !ChartExport::save(m_chart, target, o, error))
        return false;
    setPath(target);
    store();
    return true;
}

void ChartExportDialog::accept()
{
    QString error;
    if (!save(&error)) {
        QMessageBox box(QMessageBox::Warning, tr("Export chart"), error, QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("chartExportProblem"));
        box.exec();
        return;
    }
    QDialog::accept();
}

void ChartExportDialog::store() const
{
    const ChartExportOptions o = options();
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(QStringLiteral("format"), ChartExport::suffix(o.format));
    settings.setValue(QStringLiteral("size"), o.size);
    settings.setValue(QStringLiteral("dpi"), o.dpi);
    settings.setValue(QStringLiteral("theme"), o.theme == ChartTheme::Print
                                                   ? QStringLiteral("print")
                                                   : QStringLiteral("current"));
    settings.setValue(QStringLiteral("folder"),
                      QFileInfo(QDir::fromNativeSeparators(path())).absolutePath());
}

ChartExportOptions ChartExportDialog::storedOptions()
{
    ChartExportOptions o;
    QSettings settings;
    settings.beginGroup(kGroup);
    const QString format = settings.value(QStringLiteral("format")).toString();
    o.format = ChartExport::formatOf(QStringLiteral("x.") + format).value_or(ChartFormat::Png);
    const QSize size = settings.value(QStringLiteral("size")).toSize();
    if (size.isValid() && !size.isEmpty())
        o.size = size;
    o.dpi = std::clamp(settings.value(QStringLiteral("dpi"), o.dpi).toInt(), ChartExport::kMinDpi,
                       ChartExport::kMaxDpi);
    if (settings.value(QStringLiteral("theme")).toString() == QLatin1StringView("print"))
        o.theme = ChartTheme::Print;
    return o;
}

QString ChartExportDialog::storedFolder()
{
    QSettings settings;
    const QString folder = settings.value(kGroup + QStringLiteral("/folder")).toString();
    return folder.isEmpty() || !QFileInfo(folder).isDir() ? defaultFolder() : folder;
}

} // namespace ys
