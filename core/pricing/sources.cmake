# ys_core sources in core/pricing/ (paths relative to core/).
target_sources(ys_core PRIVATE
    pricing/price.h pricing/price.cpp
    pricing/price_json.h pricing/price_json.cpp
    pricing/price_catalog.h pricing/price_catalog.cpp
    pricing/price_clock.h pricing/price_clock.cpp
)

# The price catalog (pydantic's genai-prices data, with its MIT notice) and its date, read by
# PriceCatalog::bundled().
qt_add_resources(ys_core ys_pricing_data
    PREFIX "/"
    BASE ${PROJECT_SOURCE_DIR}/resources
    FILES
        ${PROJECT_SOURCE_DIR}/resources/pricing/genai-prices-data.json
        ${PROJECT_SOURCE_DIR}/resources/pricing/catalog_info.json
        ${PROJECT_SOURCE_DIR}/resources/pricing/LICENSE-genai-prices.txt
)
