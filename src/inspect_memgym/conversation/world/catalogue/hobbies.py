"""Hobbies: creative pursuit, skill level and sharing habit, for a month-long creative project."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "hobbies"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="creative_pursuit",
        label="creative pursuit",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="painting",
                reveals=(
                    "My fingers are always stained with watercolour, and my easel stands by the "
                    "window.",
                    "I spend my evenings mixing colours on a palette and working on canvases.",
                    "Brushes, acrylics and a stack of canvases take up a whole shelf in my home.",
                ),
                events=(
                    "After a visit to a gallery last spring, I got hooked on a new creative "
                    "outlet.",
                    "A friend gave me a starter kit for my birthday, and it changed my evenings.",
                ),
                advice=(
                    "Paint one small still life or landscape study each week, working up to a "
                    "larger canvas by the end of the month."
                ),
            ),
            ValueSpec(
                name="playing music",
                reveals=(
                    "I practise guitar every night and I'm picking up the piano too.",
                    "My evenings are spent strumming chords and working out melodies by ear.",
                    "I carry my violin everywhere and rehearse with it every day.",
                ),
                events=(
                    "After I inherited an old instrument from my grandfather, I found a new "
                    "creative outlet.",
                    "A concert I went to last autumn inspired me to try something new.",
                ),
                advice=(
                    "Learn one complete song a week on your instrument, and record yourself "
                    "performing it at the end of the month."
                ),
            ),
            ValueSpec(
                name="fiction writing",
                reveals=(
                    "I'm halfway through drafting my first book-length story and add a chapter "
                    "every weekend.",
                    "I fill notebooks with short stories, characters and plot ideas.",
                    "Inventing characters and putting their adventures into words is how I spend "
                    "my evenings.",
                ),
                events=(
                    "After joining a library workshop in the winter, I found a new creative "
                    "outlet.",
                    "A vivid dream last month gave me an idea I couldn't let go of.",
                ),
                advice=(
                    "Write one short story of about two thousand words each week, and finish the "
                    "month with a polished final draft."
                ),
            ),
        ),
        requests=(
            "Can you suggest a way to be more creative in my free time?",
            "How can I stay consistent with a hobby?",
        ),
    ),
    VariableSpec(
        key="skill_level",
        label="skill level",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="complete beginner",
                reveals=(
                    "I only took up my creative hobby two weeks ago and still don't know the "
                    "basics.",
                    "Everything about my craft is new to me, and I haven't finished one piece yet.",
                    "I'm just starting out creatively and have no training or experience "
                    "whatsoever.",
                ),
                events=(
                    "I decided in the spring to start from scratch with something new.",
                    "After years of saying I'd try something creative, I finally took the plunge "
                    "last month.",
                ),
                advice=(
                    "Start with guided lessons and simple exercises, aiming to finish small, easy "
                    "pieces rather than anything ambitious."
                ),
            ),
            ValueSpec(
                name="improving amateur",
                reveals=(
                    "I've been at my craft for about two years and I'm getting better, but I "
                    "still make plenty of mistakes.",
                    "I know the basics of my craft well, and now I'm working on the trickier "
                    "techniques.",
                    "My work is decent for someone who does it for fun, and it's improving "
                    "steadily.",
                ),
                events=(
                    "After a year of weekly practice, I noticed a real change in my work.",
                    "A short course I took in the winter moved me up a notch.",
                ),
                advice=(
                    "Pick one technique you find tricky and build the whole project around "
                    "practising it."
                ),
            ),
            ValueSpec(
                name="seasoned hobbyist",
                reveals=(
                    "I've been practising my craft since childhood, and people sometimes ask me "
                    "for lessons.",
                    "My work has won prizes at regional shows, and I mentor newcomers.",
                    "After many years of practice, the techniques come to me as naturally as "
                    "breathing.",
                ),
                events=(
                    "After many years of steady practice, a local society asked me to join their "
                    "committee.",
                    "Over the last year my skills grew more than I ever expected.",
                ),
                advice=(
                    "Set yourself an ambitious, complex piece that pushes well beyond anything you "
                    "have done before."
                ),
            ),
        ),
        requests=(
            "How do I get better at something I do for fun?",
            "What's a good way to measure progress in a hobby?",
        ),
    ),
    VariableSpec(
        key="sharing_habit",
        label="sharing habit",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="keeps it private",
                reveals=(
                    "Nobody ever sees what I make; it's just for me.",
                    "I'd be mortified if anyone saw my work, so it stays locked in a drawer.",
                    "My creations are a personal thing that I never show to friends or strangers.",
                ),
                events=(
                    "After a harsh comment from a stranger last year, I changed how I handle my "
                    "work.",
                    "In the spring I took a hard look at why I make things at all.",
                ),
                advice=(
                    "Keep the project in a personal notebook or folder that nobody else needs to "
                    "see, and judge it by your own standards."
                ),
            ),
            ValueSpec(
                name="shares online",
                reveals=(
                    "I post everything I make on my page on the internet and love reading the "
                    "comments.",
                    "Every week I upload my latest piece for my few hundred followers.",
                    "My work lives on the web, where strangers from all over the world can see it.",
                ),
                events=(
                    "A friend set up a page for my work last month.",
                    "After a piece of mine got a lot of attention, I changed how I share my work.",
                ),
                advice=(
                    "Post a progress update on your page every week and finish by sharing the "
                    "final piece with your followers."
                ),
            ),
            ValueSpec(
                name="shows in public",
                reveals=(
                    "I regularly present my work in front of a live audience at local events.",
                    "The café down the road hosts my work every month, and I love watching "
                    "people's reactions in person.",
                    "Open nights at the community hall are where I present my latest pieces to "
                    "real people.",
                ),
                events=(
                    "When a local venue invited me to take part in an event, my habits changed.",
                    "After joining a creative circle in my town, I started doing things "
                    "differently.",
                ),
                advice=(
                    "Aim to present the finished piece at a local open night or community show at "
                    "the end of the month."
                ),
            ),
        ),
        requests=(
            "How can I feel more confident about my creative work?",
            "What should I do with the things I make?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="creative_project",
        text="What creative project should I take on over the next month?",
        variables=("creative_pursuit", "skill_level", "sharing_habit"),
        opener="Here is a creative project for the coming month.",
    ),
)
