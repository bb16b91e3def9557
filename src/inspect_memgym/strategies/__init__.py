"""Memory strategies shared by every task: what sits between the history and the reasoner."""
