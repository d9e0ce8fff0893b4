//! SVG heat map of link utilisation (placeholder, filled in below).
