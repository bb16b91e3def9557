"""Housing: home size, the main comfort problem and noise, for making a home more comfortable."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "housing"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="comfort_problem",
        label="main comfort problem",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="cold and draughty",
                reveals=(
                    "I wear a coat indoors in winter because icy air whistles through the window "
                    "frames.",
                    "I can feel a chill blowing under my front door even when the heating is on.",
                    "My fingers go numb in winter, however high I turn the thermostat.",
                ),
                events=(
                    "This winter turned out much harsher than the last one where I live.",
                    "After some old fittings were swapped out, my home started behaving "
                    "differently.",
                ),
                advice=(
                    "Seal the gaps around windows and doors with draught strips and hang thick "
                    "lined curtains to keep the warmth in."
                ),
            ),
            ValueSpec(
                name="overheating",
                reveals=(
                    "In summer my place turns into an oven, and it's thirty degrees indoors by "
                    "the afternoon.",
                    "The sun beats through my big windows all afternoon and the rooms get "
                    "stifling.",
                    "Even in spring I have to keep the windows wide open because the rooms get so "
                    "stuffy and hot.",
                ),
                events=(
                    "After a heatwave hit my region last month, life at home got harder.",
                    "A new building went up next door and changed how my place feels.",
                ),
                advice=(
                    "Close the blinds on sun-facing windows by mid-morning and open windows on "
                    "opposite sides at night to let the heat out."
                ),
            ),
            ValueSpec(
                name="damp",
                reveals=(
                    "Black mould keeps creeping across my bathroom ceiling however often I scrub "
                    "it.",
                    "My clothes smell musty and the walls feel wet to the touch.",
                    "Water beads on the inside of my windows every morning and the wallpaper is "
                    "peeling.",
                ),
                events=(
                    "After a leaking gutter went unfixed for weeks, my home started to feel "
                    "different.",
                    "A very rainy autumn changed things in my home.",
                ),
                advice=(
                    "Run a dehumidifier, open the windows after showers and cooking, and keep "
                    "furniture a hand's width from outside walls."
                ),
            ),
        ),
        requests=(
            "How can I make my home feel cosier?",
            "What small changes would make my place nicer to live in?",
        ),
    ),
    VariableSpec(
        key="home_size",
        label="home size",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="studio flat",
                reveals=(
                    "My bed, sofa and kitchen all share the same room.",
                    "I live in one small room with a kitchenette along the wall.",
                    "From my bed I can reach the fridge, which tells you how tiny my place is.",
                ),
                events=(
                    "After a change in my finances, I moved to a new place in the spring.",
                    "I moved closer to the town centre last month to be near everything.",
                ),
                advice=(
                    "Divide your one room into zones with a rug and a bookcase so that sleeping "
                    "and living feel separate."
                ),
            ),
            ValueSpec(
                name="two-bedroom flat",
                reveals=(
                    "My apartment has a living room, a kitchen and two bedrooms, all on one floor.",
                    "The second bedroom in my apartment is where my guests stay.",
                    "Besides my own bedroom, my apartment has one more that I use as a guest room.",
                ),
                events=(
                    "When my lease came up for renewal, I decided to move somewhere different.",
                    "I moved into a new place across town last autumn.",
                ),
                advice=(
                    "Turn the spare bedroom into a cosy retreat for reading or guests rather than "
                    "a storage room."
                ),
            ),
            ValueSpec(
                name="large house",
                reveals=(
                    "My house has four bedrooms, two floors and more rooms than I know what to do "
                    "with.",
                    "It takes me a whole day to vacuum all the rooms on the three floors of my "
                    "home.",
                    "I have a big detached home with a cellar, an attic and rooms I barely use.",
                ),
                events=(
                    "Last year I moved into a property that had been in the family for decades.",
                    "A lucky opportunity last spring let me move to a very different home.",
                ),
                advice=(
                    "Focus heating and furnishings on the few rooms you actually use, and close "
                    "off the rest."
                ),
            ),
        ),
        requests=(
            "Could you help me rearrange my furniture?",
            "What are some affordable ways to brighten up my home?",
        ),
    ),
    VariableSpec(
        key="noise_level",
        label="noise level",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="quiet street",
                reveals=(
                    "At night the only sound outside my window is the occasional owl.",
                    "My street is so peaceful that I can hear the birds all day long.",
                    "Hardly any cars pass my place, and the neighbours are barely audible.",
                ),
                events=(
                    "After the people next door moved out, things changed around my home.",
                    "The council changed the traffic layout in my area last month.",
                ),
                advice=(
                    "Keep the windows open for fresh air at night and skip soundproofing, since "
                    "there's nothing outside to block."
                ),
            ),
            ValueSpec(
                name="noisy neighbours",
                reveals=(
                    "The people above me stomp around and play loud music until two in the "
                    "morning.",
                    "I can hear every argument and television show through the wall I share with "
                    "next door.",
                    "The people next door have a drum kit, and the thumping comes through my "
                    "walls every evening.",
                ),
                events=(
                    "New people moved in next door to me in the spring.",
                    "The place next to mine was turned into a short-term rental last month.",
                ),
                advice=(
                    "Put bookshelves and heavy rugs against the shared walls and floors to absorb "
                    "the sound from next door."
                ),
            ),
            ValueSpec(
                name="busy road",
                reveals=(
                    "Lorries rumble past my front window all day and the glass rattles.",
                    "The traffic outside my home never stops, with buses and sirens at all hours.",
                    "I live right on a main route, so engines and horns are my soundtrack.",
                ),
                events=(
                    "A new shopping centre opened nearby and changed my surroundings.",
                    "After roadworks finished nearby, the area around my home changed.",
                ),
                advice=(
                    "Fit heavy curtains or secondary glazing on the windows facing the street to "
                    "block the traffic."
                ),
            ),
        ),
        requests=(
            "How can I make my home a calmer place to be?",
            "Any ideas for making my living space more relaxing?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="home_comfort",
        text="How can I make my home more comfortable this season?",
        variables=("comfort_problem", "home_size", "noise_level"),
        opener="Here are some ways to make your home more comfortable.",
    ),
)
