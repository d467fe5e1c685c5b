#pragma once

namespace ys {

class SuitePage;

// Opens the provider dialog when the suite page asks to add or edit a provider, and hands the
// accepted provider back to the page (a cancelled or refused dialog changes nothing).
void connectProviderDialog(SuitePage *page);

} // namespace ys
