#include "ui/provider_dialog.h"

#include "domain/dialect_names.h"
#include "domain/provider_presets.h"
#include "models/catalog_model.h"
#include "ui/message_label.h"
#include "ui/table_look.h"
#include "workbench/connection_test.h"
#include "workbench/provider_network_form.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ys {

namespace {

// Error text beside a field: the palette's own "negative" colour is not in Qt 6.4, so a fixed
// red that reads on light and dark backgrounds.
const QString kErrorStyle = QStringLiteral("color: #d93025;");

} // namespace

ProviderDialog::ProviderDialog(const ProviderConfig &initial, std::vector<QString> takenNames,
                               QWidget *parent)
    : QDialog(parent)
    , m_initial(initial)
    , m_taken(std::move(takenNames))
    , m_connection(new ConnectionTest(this))
{
    setObjectName(QStringLiteral("providerDialog"));
    setWindowTitle(initial.name.isEmpty() ? tr("Add provider")
                                          : tr("Edit provider %1").arg(initial.name));

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(buildCatalog());
    splitter->addWidget(buildForm());
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    m_test = new QPushButton(tr("Test connection"), this);
    m_test->setObjectName(QStringLiteral("testConnection"));
    m_test->setToolTip(tr("Sends one short streaming request (a few tokens) to the provider"));
    m_testResult = messageLabel(QStringLiteral("testResult"), this);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addWidget(m_testResult, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setObjectName(QStringLiteral("okButton"));
    buttons->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("cancelButton"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ProviderDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProviderDialog::reject);
    connect(m_test, &QPushButton::clicked, this, &ProviderDialog::startTest);
    connect(m_connection, &ConnectionTest::finished, this, &ProviderDialog::showTestResult);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addLayout(testRow);
    layout->addWidget(buttons);

    showDraft(ProviderForm::draftOf(initial));
    resize(1100, 620);
}

ProviderDialog::~ProviderDialog() = default;

std::optional<ProviderConfig> ProviderDialog::edit(const ProviderConfig &initial,
                                                   const std::vector<QString> &takenNames,
                                                   QWidget *parent)
{
    ProviderDialog dialog(initial, takenNames, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.provider();
}

QWidget *ProviderDialog::buildCatalog()
{
    auto *box = new QGroupBox(tr("Price catalog"), this);
    m_filter = new QLineEdit(box);
    m_filter->setObjectName(QStringLiteral("catalogFilter"));
    m_filter->setPlaceholderText(tr("Filter by provider or model, e.g. \"openai mini\""));
    m_filter->setClearButtonEnabled(true);
    m_catalog = new CatalogModel(nullptr, this);
    m_proxy = new CatalogFilterModel(this);
    m_proxy->setSourceModel(m_catalog);
    m_table = new QTableView(box);
    TableLook look{QStringLiteral("catalogTable"), QStringLiteral("catalog")};
    look.selection = QAbstractItemView::SingleSelection;
    look.sortable = true; // in the catalog's own order until a header is clicked
    look.fitColumnsToContents = true;
    setUpTable(m_table, m_proxy, look);
    auto *use = new QPushButton(tr("Use this model"), box);
    use->setObjectName(QStringLiteral("useCatalogModel"));
    use->setEnabled(false);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &CatalogFilterModel::setFilterText);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, use,
            [this, use] { use->setEnabled(m_table->selectionModel()->hasSelection()); });
    connect(use, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            pickCatalogRow(rows.first().row());
    });
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex &index) { pickCatalogRow(index.row()); });
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);
    layout->addWidget(use, 0, Qt::AlignRight);
    return box;
}

void ProviderDialog::addRow(QFormLayout *form, ProviderField field, QWidget *editor)
{
    QLabel *error = messageLabel(editor->objectName() + QStringLiteral("Error"), this);
    error->setStyleSheet(kErrorStyle);
    error->hide();
    auto *cell = new QWidget(this);
    auto *v = new QVBoxLayout(cell);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    v->addWidget(editor);
    v->addWidget(error);
    form->addRow(ProviderForm::fieldLabel(field), cell);
    m_errors[field] = error;
}

QLineEdit *ProviderDialog::addLine(QFormLayout *form, ProviderField field,
                                   const QString &objectName, const QString &placeholder)
{
    auto *line = new QLineEdit(this);
    line->setObjectName(objectName);
    line->setPlaceholderText(placeholder);
    m_lines[field] = line;
    addRow(form, field, line);
    connect(line, &QLineEdit::textEdited, this, [this, field] {
        m_touched[field] = true;
        if (field == ProviderField::KeyRef)
            m_keyRefused = false;
        refreshProblems();
    });
    return line;
}

QWidget *ProviderDialog::buildForm()
{
    auto *box = new QGroupBox(tr("Provider"), this);
    m_tabs = new QTabWidget(box);
    m_tabs->setObjectName(QStringLiteral("providerTabs"));
    m_tabs->addTab(buildEndpointTab(), tr("Endpoint and price"));
    m_tabs->addTab(buildNetworkTab(), tr("Network"));
    m_tabs->addTab(buildOperationsTab(), tr("Operations"));
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(m_tabs);
    return box;
}

QWidget *ProviderDialog::buildEndpointTab()
{
    auto *box = new QWidget(this);
    auto *form = new QFormLayout(box);

    m_preset = new QComboBox(box);
    m_preset->setObjectName(QStringLiteral("preset"));
    m_preset->addItem(tr("None"), QString());
    for (const ProviderPreset &p : ProviderPresets::all()) {
        m_preset->addItem(p.displayName, p.id);
        m_preset->setItemData(m_preset->count() - 1, p.note, Qt::ToolTipRole);
    }
    form->addRow(tr("Preset"), m_preset);
    connect(m_preset, &QComboBox::activated, this, &ProviderDialog::onPresetChosen);

    addLine(form, ProviderField::Name, QStringLiteral("name"), tr("e.g. DeepSeek chat"));
    m_dialect = new QComboBox(box);
    m_dialect->setObjectName(QStringLiteral("dialect"));
    m_dialect->addItems(knownDialects());
    addRow(form, ProviderField::Dialect, m_dialect);
    addLine(form, ProviderField::BaseUrl, QStringLiteral("baseUrl"),
            tr("http://127.0.0.1:8000/v1"));
    QLineEdit *model = addLine(form, ProviderField::Model, QStringLiteral("model"),
                               tr("typed, or picked from the catalog"));
    connect(model, &QLineEdit::textEdited, this, &ProviderDialog::onModelEdited);
    QLineEdit *key = addLine(form, ProviderField::KeyRef, QStringLiteral("keyRef"),
                             tr("env:NAME or keychain:NAME"));
    key->setToolTip(tr("Where the key is kept, never the key itself: an environment variable "
                       "(env:NAME) or an entry of the system keychain (keychain:NAME)"));
    // Text that cannot become a reference by typing on (a pasted key) leaves the field at once.
    connect(key, &QLineEdit::textEdited, this, &ProviderDialog::forgetPastedKey);
    connect(key, &QLineEdit::editingFinished, this, &ProviderDialog::forgetPastedKey);
    const QString perMtok = tr("$ per 1M tokens");
    addLine(form, ProviderField::InputPrice, QStringLiteral("inputPrice"), perMtok);
    addLine(form, ProviderField::CachedPrice, QStringLiteral("cachedPrice"), perMtok);
    addLine(form, ProviderField::OutputPrice, QStringLiteral("outputPrice"), perMtok);
    addLine(form, ProviderField::CacheWritePrice, QStringLiteral("cacheWritePrice"), perMtok);
    addLine(form, ProviderField::ContextWindow, QStringLiteral("contextWindow"), tr("tokens"));
    m_catalogNote = messageLabel(QStringLiteral("catalogNote"), box);
    form->addRow(m_catalogNote);
    return box;
}

QWidget *ProviderDialog::buildNetworkTab()
{
    auto *page = new QWidget(this);
    auto *form = new QFormLayout(page);
    QLabel *about = messageLabel(QStringLiteral("networkAbout"), page);
    about->setText(tr("How this provider is reached: a forward proxy, a private certificate "
                      "authority, a client certificate, the HTTP version."));
    form->addRow(about);
    QLineEdit *proxy = addLine(form, ProviderField::Proxy, QStringLiteral("proxy"),
                               tr("from HTTPS_PROXY / NO_PROXY; or http://HOST:PORT, or direct"));
    proxy->setToolTip(tr("Empty: the environment decides (HTTPS_PROXY, HTTP_PROXY, NO_PROXY). "
                         "direct: never a proxy. http://HOST:PORT: this forward proxy, whatever "
                         "NO_PROXY says"));
    addLine(form, ProviderField::ProxyAuth, QStringLiteral("proxyAuth"),
            tr("env:NAME or keychain:NAME holding user:password"));
    addLine(form, ProviderField::CaFile, QStringLiteral("caFile"),
            tr("PEM file of a private CA to trust"));
    addLine(form, ProviderField::ClientCert, QStringLiteral("clientCert"),
            tr("PEM file, for mutual TLS"));
    addLine(form, ProviderField::ClientKey, QStringLiteral("clientKey"),
            tr("its unencrypted PEM key"));
    m_httpVersion = new QComboBox(this);
    m_httpVersion->setObjectName(QStringLiteral("httpVersion"));
    for (const auto &[name, text] : ProviderNetworkForm::httpVersionChoices())
        m_httpVersion->addItem(text, name);
    addRow(form, ProviderField::HttpVersion, m_httpVersion);
    return page;
}

QWidget *ProviderDialog::buildOperationsTab()
{
    auto *page = new QWidget(this);
    auto *form = new QFormLayout(page);
    QLabel *about = messageLabel(QStringLiteral("operationsAbout"), page);
    about->setText(tr("A self-hosted server's own metrics, read during each run; a circuit "
                      "breaker that stops sending while the provider keeps failing; and the "
                      "providers of this suite that take a request it refused or failed."));
    form->addRow(about);
    addLine(form, ProviderField::MetricsUrl, QStringLiteral("metricsUrl"),
            tr("empty: none; e.g. http://127.0.0.1:8000/metrics"))
        ->setToolTip(tr("A Prometheus text endpoint (vLLM, llama.cpp with --metrics, TGI), "
                        "scraped on a connection of its own, never a measuring one"));
    addLine(form, ProviderField::MetricsInterval, QStringLiteral("metricsInterval"),
            tr("milliseconds between scrapes"));
    addLine(form, ProviderField::MetricsKeep, QStringLiteral("metricsKeep"),
            tr("empty: every sample; or names separated by commas"));
    addLine(form, ProviderField::BreakerThreshold, QStringLiteral("breakerThreshold"),
            tr("empty: no breaker; failures that open it"))
        ->setToolTip(tr("A benchmark normally wants every failure measured: leave it empty "
                        "unless the suite tests resilience"));
    addLine(form, ProviderField::BreakerWindow, QStringLiteral("breakerWindow"),
            tr("seconds the failures are counted in"));
    addLine(form, ProviderField::BreakerOpen, QStringLiteral("breakerOpen"),
            tr("seconds it refuses before probing"));
    addLine(form, ProviderField::BreakerProbes, QStringLiteral("breakerProbes"),
            tr("requests let through half-open"));
    addLine(form, ProviderField::Fallback, QStringLiteral("fallback"),
            tr("other providers of this suite, in order, separated by commas"));
    return page;
}

void ProviderDialog::showTabOf(ProviderField field)
{
    const auto it = m_errors.find(field);
    if (it == m_errors.end())
        return;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (m_tabs->widget(i)->isAncestorOf(it->second)) {
            m_tabs->setCurrentIndex(i);
            return;
        }
    }
}

QLineEdit *ProviderDialog::lineEdit(ProviderField field) const
{
    const auto it = m_lines.find(field);
    return it == m_lines.end() ? nullptr : it->second;
}

QString ProviderDialog::problemShown(ProviderField field) const
{
    const auto it = m_errors.find(field);
    if (it == m_errors.end() || it->second->isHidden())
        return {};
    return it->second->text();
}

ProviderDraft ProviderDialog::draft() const
{
    ProviderDraft d;
    for (const DraftText &f : ProviderForm::textFields())
        if (const QLineEdit *line = lineEdit(f.field))
            d.*f.text = line->text();
    d.dialect = m_dialect->currentText();
    d.preset = m_preset->currentData().toString();
    d.catalog = m_catalogEntry;
    d.catalogPrice = m_catalogPrice;
    d.httpVersion = m_httpVersion->currentData().toString();
    return d;
}

void ProviderDialog::setDraft(const ProviderDraft &d)
{
    for (const DraftText &f : ProviderForm::textFields())
        if (QLineEdit *line = lineEdit(f.field))
            line->setText(d.*f.text);
    const int dialect = m_dialect->findText(d.dialect);
    m_dialect->setCurrentIndex(dialect >= 0 ? dialect : 0);
    const int preset = m_preset->findData(d.preset);
    m_preset->setCurrentIndex(preset >= 0 ? preset : 0);
    const int version = m_httpVersion->findData(d.httpVersion);
    m_httpVersion->setCurrentIndex(version >= 0 ? version : 0);
}

std::vector<FieldProblem> ProviderDialog::problems() const
{
    std::vector<FieldProblem> out = ProviderForm::validate(draft(), m_taken, m_initial.name);
    if (m_keyRefused)
        out.push_back({ProviderField::KeyRef, ProviderForm::keyNotReferenceMessage()});
    return out;
}

void ProviderDialog::refreshProblems()
{
    std::map<ProviderField, QString> text;
    for (const FieldProblem &p : problems()) {
        if (m_showAll || m_touched[p.field] || (p.field == ProviderField::KeyRef && m_keyRefused)) {
            QString &t = text[p.field];
            if (t.isEmpty())
                t = p.message;
        }
    }
    for (auto &[field, label] : m_errors) {
        const auto it = text.find(field);
        label->setText(it == text.end() ? QString() : it->second);
        label->setVisible(it != text.end());
    }
}

void ProviderDialog::forgetPastedKey()
{
    QLineEdit *key = lineEdit(ProviderField::KeyRef);
    const QString text = key->text().trimmed();
    if (text.isEmpty() || ProviderForm::startsLikeReference(text))
        return;
    // Not even the start of a reference: a key. It leaves the field (and its undo history).
    key->setText(QString()); // unlike clear(), also empties the undo history
    key->setModified(false);
    m_keyRefused = true;
    m_touched[ProviderField::KeyRef] = true;
    refreshProblems();
}

void ProviderDialog::onPresetChosen(int index)
{
    ProviderDraft d = draft();
    const QString id = m_preset->itemData(index).toString();
    if (const auto preset = ProviderPresets::find(id)) {
        ProviderForm::applyPreset(d, *preset);
        setDraft(d);
    }
    refreshProblems();
}

void ProviderDialog::onModelEdited(const QString &text)
{
    // Another model than the one picked is no longer that catalog entry.
    if (!m_catalogEntry.isEmpty() && text.trimmed() != m_catalogModel) {
        m_catalogEntry.clear();
        m_catalogPrice.reset();
        updateCatalogNote();
    }
}

void ProviderDialog::pickCatalogRow(int proxyRow)
{
    const QModelIndex source = m_proxy->mapToSource(m_proxy->index(proxyRow, 0));
    if (!source.isValid())
        return;
    const CatalogPick pick = m_catalog->pick(source.row());
    ProviderDraft d = draft();
    d.dialect = pick.dialect;
    if (!pick.baseUrl.isEmpty())
        d.baseUrl = pick.baseUrl;
    d.preset.clear(); // a preset chosen before belongs to another service
    if (!pick.preset.isEmpty()) {
        const auto preset = ProviderPresets::find(pick.preset);
        if (preset)
            ProviderForm::applyPreset(d, *preset);
    }
    d.model = pick.model;
    if (d.name.trimmed().isEmpty())
        d.name = pick.model;
    d.catalog = pick.entry;
    d.catalogPrice = pick.price;
    d.inputPrice = ProviderForm::priceText(pick.price.inputPerMtok);
    d.cachedPrice = ProviderForm::priceText(pick.price.cachedInputPerMtok);
    d.outputPrice = ProviderForm::priceText(pick.price.outputPerMtok);
    d.cacheWritePrice = ProviderForm::priceText(pick.price.cacheWritePerMtok);
    if (pick.contextWindow)
        d.contextWindow = QString::number(*pick.contextWindow);
    showDraft(d);
}

void ProviderDialog::showDraft(const ProviderDraft &draft)
{
    setDraft(draft);
    m_catalogEntry = draft.catalog;
    m_catalogModel = draft.model;
    m_catalogPrice = draft.catalogPrice;
    updateCatalogNote();
    refreshProblems();
}

void ProviderDialog::updateCatalogNote()
{
    if (m_catalogEntry.isEmpty()) {
        m_catalogNote->setText(tr("Not linked to a catalog entry: the price fields are the "
                                  "provider's own (empty: looked up in the catalog by address "
                                  "and model when a session starts)."));
        return;
    }
    const QString date = m_catalogPrice ? m_catalogPrice->catalogDate : QString();
    m_catalogNote->setText(tr("Priced from the catalog entry %1 (catalog of %2); a price you "
                              "change overrides the catalog's.")
                               .arg(m_catalogEntry, date.isEmpty() ? tr("unknown date") : date));
}

void ProviderDialog::accept()
{
    forgetPastedKey();
    m_showAll = true;
    refreshProblems();
    std::vector<FieldProblem> found;
    std::optional<ProviderConfig> config =
        ProviderForm::toConfig(draft(), m_initial, m_taken, &found);
    const std::vector<FieldProblem> shown = problems();
    if (!config || !shown.empty()) {
        m_provider.reset();
        // Refused: the problems are shown beside their fields, the first one's tab in front.
        if (!shown.empty())
            showTabOf(shown.front().field);
        return;
    }
    m_provider = std::move(config);
    QDialog::accept();
}

void ProviderDialog::reject()
{
    m_connection->cancel();
    m_provider.reset();
    QDialog::reject();
}

void ProviderDialog::startTest()
{
    forgetPastedKey();
    m_showAll = true;
    refreshProblems();
    std::vector<FieldProblem> found;
    const std::optional<ProviderConfig> config =
        ProviderForm::toConfig(draft(), m_initial, m_taken, &found);
    if (!config || m_keyRefused) {
        m_testResult->setStyleSheet(kErrorStyle);
        m_testResult->setText(tr("Correct the fields marked first."));
        return;
    }
    m_test->setEnabled(false);
    m_testResult->setStyleSheet(QString());
    m_testResult->setText(tr("Testing %1…").arg(config->baseUrl.toString()));
    m_connection->start(*config);
}

void ProviderDialog::showTestResult(const ConnectionResult &result)
{
    m_test->setEnabled(true);
    m_testResult->setStyleSheet(result.ok ? QString() : kErrorStyle);
    m_testResult->setText(result.summary());
}

} // namespace ys
