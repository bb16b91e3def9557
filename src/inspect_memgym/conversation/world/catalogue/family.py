"""Family: relationship status, care for parents and closeness to relatives, for a long weekend."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "family"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="relationship_status",
        label="relationship status",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="single",
                reveals=(
                    "I'm not seeing anyone right now, and I'm enjoying having my evenings to "
                    "myself.",
                    "There's no partner in my life at the moment, and I'm fine with that.",
                    "Friends keep trying to set me up on dates, but I'm happily unattached.",
                ),
                events=(
                    "Things changed a lot in my love life this spring.",
                    "After some long conversations last month, my personal life took a new turn.",
                ),
                advice=(
                    "Plan the weekend entirely around your own wishes, such as a solo day trip and "
                    "a long lazy brunch."
                ),
            ),
            ValueSpec(
                name="dating someone",
                reveals=(
                    "I've been going out with someone I met a couple of months ago, and it's "
                    "still early days.",
                    "We've only been on about eight dates, but I really like this person.",
                    "There's someone new in my life; we're getting to know each other, and "
                    "nothing is official yet.",
                ),
                events=(
                    "A friend introduced me to someone at a birthday party last month.",
                    "I finally signed up for a matchmaking site over the winter.",
                ),
                advice=(
                    "Suggest a relaxed, low-pressure outing with the person you've just started "
                    "seeing, like a walk and a coffee."
                ),
            ),
            ValueSpec(
                name="married",
                reveals=(
                    "My spouse and I celebrated our wedding anniversary last week.",
                    "My spouse and I share everything, from the bank account to the chores.",
                    "We exchanged vows in front of our families, and I wear my ring every day.",
                ),
                events=(
                    "A big celebration last summer changed my life.",
                    "Things moved fast with someone special, and this spring we made a lifelong "
                    "commitment.",
                ),
                advice=(
                    "Book a proper evening out with your spouse, just the two of you, away from "
                    "the routine chores."
                ),
            ),
        ),
        requests=(
            "What would be a nice way to spend some time off?",
            "Do you have ideas for making my free days feel special?",
        ),
    ),
    VariableSpec(
        key="parent_care",
        label="parent care duties",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="independent parent",
                reveals=(
                    "My mother is fit and busy with her own life, and she doesn't need anything "
                    "from me.",
                    "My mum still travels, gardens and manages everything on her own.",
                    "My mother only gets in touch to share news, never to ask for help.",
                ),
                events=(
                    "After my mother recovered well from her operation, things at home shifted.",
                    "My mother made a big lifestyle change last year.",
                ),
                advice=(
                    "Plan freely without any caring tasks, perhaps with just a friendly call to "
                    "your mother."
                ),
            ),
            ValueSpec(
                name="weekly parent help",
                reveals=(
                    "Every Saturday I go over to do my mother's shopping and sort out her post.",
                    "My mother lives nearby, and I spend a few hours each week helping her with "
                    "chores.",
                    "Once a week I pop round to my mum's to cook, clean and check she has "
                    "everything she needs.",
                ),
                events=(
                    "My mother had a fall in the spring and needed more support.",
                    "After my mother's eyesight got worse, my week changed.",
                ),
                advice=(
                    "Set aside one fixed morning for your mother's errands so that the rest of the "
                    "weekend stays free."
                ),
            ),
            ValueSpec(
                name="parent moved in",
                reveals=(
                    "My mother lives with me now, and I help her every morning and evening.",
                    "Mum lives under my roof now, and I look after her every day.",
                    "Since my mother came to stay permanently, my home revolves around her "
                    "routine.",
                ),
                events=(
                    "After my mother's health took a turn last winter, we made a big decision as "
                    "a family.",
                    "When my mother's house was sold in the autumn, our arrangement changed.",
                ),
                advice=(
                    "Arrange for a relative or a carer to sit with your mother at home if you want "
                    "to spend a day out."
                ),
            ),
        ),
        requests=(
            "How can I balance my own time with my family responsibilities?",
            "Could you help me think about my family commitments?",
        ),
    ),
    VariableSpec(
        key="family_closeness",
        label="family closeness",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="close-knit",
                reveals=(
                    "My siblings, cousins and I talk almost every day and get together every "
                    "Sunday.",
                    "Dinners with all my relatives are the highlight of my month, and everyone "
                    "gets along.",
                    "Whenever something happens, my whole extended family rallies round within "
                    "the hour.",
                ),
                events=(
                    "A big reunion last summer changed things among my relatives.",
                    "After a big birthday party in the spring, the dynamic in my family shifted.",
                ),
                advice=(
                    "Invite your siblings and cousins for a long shared lunch, since everyone "
                    "enjoys being together."
                ),
            ),
            ValueSpec(
                name="drifted apart",
                reveals=(
                    "I hear from my brothers and cousins maybe once a year, at most.",
                    "We're not on bad terms, but my siblings and I rarely think to get in touch "
                    "anymore.",
                    "My siblings and cousins have scattered, and we've quietly lost touch without "
                    "any falling out.",
                ),
                events=(
                    "When my siblings moved to different countries, things changed between us.",
                    "After our old family home was sold, we lost our natural meeting place.",
                ),
                advice=(
                    "Send a friendly message to a sibling or cousin to reconnect gently, without "
                    "planning any big gathering."
                ),
            ),
            ValueSpec(
                name="strained",
                reveals=(
                    "Every family gathering seems to end in an argument between me and my "
                    "siblings.",
                    "There's been a lot of tension with my relatives since a dispute over an "
                    "inheritance.",
                    "My brother and I aren't on speaking terms, and holidays with my cousins are "
                    "awkward.",
                ),
                events=(
                    "A disagreement over a wedding last year changed how my relatives and I get "
                    "along.",
                    "After a long-running disagreement came to a head in the spring, my family "
                    "relationships changed.",
                ),
                advice=(
                    "Keep any contact with siblings and cousins short and on neutral ground, and "
                    "protect your own rest."
                ),
            ),
        ),
        requests=(
            "How can I make the most of time with the people I care about?",
            "Do you have tips for planning get-togethers with relatives?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="long_weekend",
        text="How should I spend my upcoming long weekend?",
        variables=("relationship_status", "parent_care", "family_closeness"),
        opener="Here is a plan for your long weekend.",
    ),
)
