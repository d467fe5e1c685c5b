// The source the precompiled headers of the tests are built with; it holds nothing else.
