"""Work: work location, peak focus time and meeting load, for organising a workweek."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "work"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="work_location",
        label="work location",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="fully remote",
                reveals=(
                    "My commute is about ten steps from my kitchen table, every day of the week.",
                    "I haven't set foot in my company's building in over a year, and my team is "
                    "spread across the country.",
                    "I log in from home five days a week and never travel to a workplace.",
                ),
                events=(
                    "My company closed its local branch in the spring.",
                    "After a long negotiation with my manager, my working arrangement changed.",
                ),
                advice=(
                    "Set a fixed start ritual and a dedicated work corner at home, and close the "
                    "laptop at a set hour."
                ),
            ),
            ValueSpec(
                name="office-based",
                reveals=(
                    "I'm at my desk in the company building five days a week, badge and all.",
                    "My employer expects everyone on site every day, and I don't mind the routine.",
                    "Working from home isn't an option in my job; I go in every morning.",
                ),
                events=(
                    "A new director arrived at my company with firm views about where people "
                    "should be.",
                    "When my team moved to a new floor, my routine changed.",
                ),
                advice=(
                    "Use the journey in to plan your day, and book a quiet room or wear headphones "
                    "for focused blocks on site."
                ),
            ),
            ValueSpec(
                name="hybrid",
                reveals=(
                    "I'm on site on Tuesdays and Thursdays and work from my kitchen table the "
                    "rest of the week.",
                    "My week is split between a couple of days at the workplace and the rest at "
                    "home.",
                    "I alternate between home and the company building, roughly half and half.",
                ),
                events=(
                    "My company announced a new flexible policy at the start of the quarter.",
                    "After my team was restructured, I was given a new working pattern.",
                ),
                advice=(
                    "Save collaborative tasks for the days on site and keep deep solo work for the "
                    "days at home."
                ),
            ),
        ),
        requests=(
            "How can I stay productive during the workday?",
            "Do you have tips for keeping my work tasks under control?",
        ),
    ),
    VariableSpec(
        key="peak_focus",
        label="peak focus time",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="early bird",
                reveals=(
                    "My brain is sharpest at six in the morning, long before anyone else is awake.",
                    "I get my best thinking done before breakfast, and by mid-afternoon I'm "
                    "fading.",
                    "The first two hours after sunrise are when I'm most productive.",
                ),
                events=(
                    "After I started going to bed earlier this spring, my energy shifted.",
                    "A productivity course I took last month changed my daily rhythm.",
                ),
                advice=(
                    "Tackle your hardest task in the first two hours of the morning and leave "
                    "admin for the afternoon."
                ),
            ),
            ValueSpec(
                name="afternoon peak",
                reveals=(
                    "Mornings are foggy for me, but after lunch I'm suddenly sharp and productive.",
                    "My best hours are between two and five in the afternoon.",
                    "I do my hardest thinking after lunch; before noon I'm slow to get going.",
                ),
                events=(
                    "My rhythm shifted after I changed my morning routine last month.",
                    "After a few weeks of tracking my energy levels, I noticed a new pattern.",
                ),
                advice=(
                    "Keep mornings for email and routine admin, and protect the early afternoon "
                    "for your hardest work."
                ),
            ),
            ValueSpec(
                name="night owl",
                reveals=(
                    "I come alive after ten at night, when everything is quiet and I can really "
                    "think.",
                    "My most productive hours are between eleven at night and two in the morning.",
                    "Mornings are a write-off for me, but late in the evening my mind is "
                    "razor-sharp.",
                ),
                events=(
                    "After a few months of late projects, my body clock drifted.",
                    "Once I stopped forcing myself into someone else's schedule, my natural "
                    "rhythm took over.",
                ),
                advice=(
                    "Do light tasks during the day and save demanding work for a protected block "
                    "late in the evening."
                ),
            ),
        ),
        requests=(
            "How should I plan my daily schedule?",
            "When should I tackle my most difficult tasks?",
        ),
    ),
    VariableSpec(
        key="meeting_load",
        label="meeting load",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="almost no meetings",
                reveals=(
                    "My calendar is nearly empty; I might have one call a month.",
                    "Weeks go by without anyone inviting me to a call or a gathering at work.",
                    "My team communicates almost entirely in writing, so my days are wide open.",
                ),
                events=(
                    "After a big reorganisation at work, my calendar changed completely.",
                    "When I moved to a different role last quarter, my calendar looked very "
                    "different.",
                ),
                advice=(
                    "Plan long, uninterrupted blocks of three to four hours, since your calendar "
                    "leaves plenty of room for them."
                ),
            ),
            ValueSpec(
                name="some meetings",
                reveals=(
                    "I have a couple of calls each day, with decent gaps in between.",
                    "My diary has two or three scheduled discussions a day, which feels "
                    "manageable.",
                    "Half my mornings have a check-in or two, but the afternoons are mostly free.",
                ),
                events=(
                    "My manager trimmed our recurring calls at the start of the year.",
                    "When my project entered a new phase, the number of check-ins changed.",
                ),
                advice=(
                    "Cluster your calls into one half of the day and keep the other half free for "
                    "focused work."
                ),
            ),
            ValueSpec(
                name="back-to-back meetings",
                reveals=(
                    "My calendar is a solid wall of calls from nine to five, with no breaks.",
                    "I often eat lunch on mute because there's no gap between calls.",
                    "Most days I jump from one call to the next without a minute to breathe.",
                ),
                events=(
                    "After I was promoted to lead a bigger group, my calendar filled up.",
                    "A major client project kicked off last month and changed my days.",
                ),
                advice=(
                    "Decline or shorten every call you can, and block two fixed focus slots a week "
                    "that nobody else can book."
                ),
            ),
        ),
        requests=(
            "How can I manage my calendar better?",
            "Could you help me plan a more focused week?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="workweek_plan",
        text="How should I organise my workweek to get more done?",
        variables=("work_location", "peak_focus", "meeting_load"),
        opener="Here is a way to organise your workweek.",
    ),
)
