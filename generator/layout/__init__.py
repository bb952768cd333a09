"""Pure geometry: sheets, piece positions, cut marks. Millimetres, origin at the page's top-left."""
