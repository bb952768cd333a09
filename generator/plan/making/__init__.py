"""Random plans worth playing, reproducible from a seed (`randomplan`), one or a batch
(`batch`).
"""
