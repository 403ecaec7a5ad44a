"""The patience's engine: deals, discards, records, the exact advisor, the coach. No UI imports."""
