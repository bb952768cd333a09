"""Goblin Slayer: map data (hex locations), counters, the cave check and its drawings' data."""
