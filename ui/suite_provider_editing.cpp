#include "ui/suite_provider_editing.h"

#include "ui/provider_dialog.h"
#include "ui/suite_page.h"

namespace ys {

namespace {

// The names the edited provider may not take: every other provider's.
std::vector<QString> otherNames(const Suite &suite, int except)
{
    std::vector<QString> names;
    for (int i = 0; i < int(suite.providers.size()); ++i)
        if (i != except)
            names.push_back(suite.providers[std::size_t(i)].name);
    return names;
}

} // namespace

void connectProviderDialog(SuitePage *page)
{
    QObject::connect(page, &SuitePage::addProviderRequested, page, [page] {
        if (const auto provider =
                ProviderDialog::edit(ProviderConfig{}, otherNames(page->suite(), -1), page))
            page->appendProvider(*provider);
    });
    QObject::connect(page, &SuitePage::editProviderRequested, page, [page](int index) {
        const Suite &suite = page->suite();
        if (index < 0 || index >= int(suite.providers.size()))
            return;
        if (const auto provider = ProviderDialog::edit(suite.providers[std::size_t(index)],
                                                       otherNames(suite, index), page))
            page->setProvider(index, *provider);
    });
}

} // namespace ys
