"""The feedback world (pure Python).

An organisation's hidden conventions and facts, service requests checkable by rules, the
scripted feedback simulator and the protocols' schedules.
"""
