"""Leaderboards, figures and fine-tuning data from Inspect eval logs (local or on S3 alike).

* `log_files`: find logs and read their headers, with one-line errors;
* `protocol`: what makes two evals comparable (task, version, grid, agent, ...);
* `sample_scores`: per-sample score values and details, through `inspect_ai.analysis`;
* `leaderboard`: one row per (model, task, protocol), mean and standard error per key;
* `intervals`: Wilson and (paired) bootstrap confidence intervals, and pass^k over epochs;
* `paired` and `compare`: memory deltas against a baseline, and strategies × tasks;
* `leaderboard_format`: Markdown, CSV and JSON output;
* `figures` and the `plot_*` modules: PNG figures;
* `trajectories` (and its command, `trajectories_command`): chat fine-tuning records of
  the conversations the model under test continued.
"""
