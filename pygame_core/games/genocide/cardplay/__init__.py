"""Space Genocide's cards (SG-13, C-5): the deck, windows, targets, every card's rule, card moves.

The table of cards (windows, target steps, bonuses) is ``..cards``; this package is the
machinery around it: ``deck`` (deal, draws, hand limit), ``targets`` (what may be played on
what), ``windows`` (checkpoints, priority, chains, the card actions), ``rulebook`` and
``effects`` (each card's condition and effect by its key), ``moves`` (card-driven moves).
"""
