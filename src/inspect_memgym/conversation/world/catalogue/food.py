"""Food: diet, weeknight cooking routine and spice tolerance, for planning dinners."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "food"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="diet",
        label="diet",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="eats meat",
                reveals=(
                    "For me, nothing beats a juicy steak on a Friday night.",
                    "I had roast chicken for lunch and I'm already looking forward to the "
                    "leftovers.",
                    "My favourite weekend treat is a bacon sandwich from the corner café.",
                ),
                events=(
                    "After a long talk with a nutritionist last month, I relaxed some of my food "
                    "rules.",
                    "When I spent a few weeks with relatives on their farm, my eating habits "
                    "changed.",
                ),
                advice=(
                    "Rotate chicken, beef, pork and fish as the main protein across the week's "
                    "dinners."
                ),
            ),
            ValueSpec(
                name="vegetarian",
                reveals=(
                    "I haven't eaten meat or fish in years, but I could never give up cheese and "
                    "eggs.",
                    "At barbecues I bring halloumi skewers, since burgers and sausages are off "
                    "the table for me.",
                    "My omelettes are famous, and yet no animal has died for anything on my plate "
                    "in years.",
                ),
                events=(
                    "After a long chat with a friend who works at an animal sanctuary, I changed "
                    "what I eat.",
                    "A cookbook I got for my birthday made me rethink my meals completely.",
                ),
                advice=(
                    "Rotate eggs, cheese, lentils and beans as the main protein, keeping meat and "
                    "fish off the menu."
                ),
            ),
            ValueSpec(
                name="vegan",
                reveals=(
                    "I stopped eating anything that comes from an animal, honey included.",
                    "Milk, butter, eggs and cheese are all gone from my fridge, along with any "
                    "meat or fish.",
                    "When I eat out, I check that nothing on my plate contains dairy, eggs, meat "
                    "or fish.",
                ),
                events=(
                    "After watching a documentary about dairy farms, I changed how I eat.",
                    "My sister challenged me to a month-long food experiment last spring, and I "
                    "kept going afterwards.",
                ),
                advice=(
                    "Rotate tofu, tempeh, beans and lentils as the main protein, with no animal "
                    "products at all, not even dairy or eggs."
                ),
            ),
        ),
        requests=(
            "Could you suggest a few new recipes to try?",
            "What are some good sources of protein for my meals?",
            "Can you help me write a shopping list for the week?",
        ),
    ),
    VariableSpec(
        key="cooking_routine",
        label="weeknight cooking routine",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="quick meals",
                reveals=(
                    "On weeknights I have about fifteen minutes to get dinner on the table before "
                    "I collapse.",
                    "If a recipe takes longer than a quarter of an hour, I skip right past it.",
                    "Most evenings I cook in a rush, tossing everything into one pan and eating "
                    "straight away.",
                ),
                events=(
                    "My evenings got much busier last month, and dinner had to adapt.",
                    "After my old slow cooker broke, I changed the way I handle dinner.",
                ),
                advice=(
                    "Pick recipes that are on the table in under twenty minutes, such as "
                    "stir-fries, wraps and one-pan dishes."
                ),
            ),
            ValueSpec(
                name="leisurely cooking",
                reveals=(
                    "Cooking dinner from scratch for an hour or two is how I unwind every evening.",
                    "I happily spend a whole evening stirring a sauce and rolling out dough by "
                    "hand.",
                    "My favourite part of the day is the long, unhurried time I spend at the "
                    "stove each night.",
                ),
                events=(
                    "Once things calmed down in my life, I found my evenings opening up.",
                    "A neighbour invited me to a cooking club last spring, and it changed my "
                    "evening habits.",
                ),
                advice=(
                    "Plan a few slow, hands-on recipes like homemade bread or long-simmered sauces "
                    "to enjoy making each evening."
                ),
            ),
            ValueSpec(
                name="batch cooking",
                reveals=(
                    "Every Sunday I cook five big pots and fill the fridge with labelled boxes "
                    "for the week.",
                    "I spend one afternoon a week cooking in bulk, then just reheat portions each "
                    "night.",
                    "My freezer is stacked with portions I prepared all at once at the weekend.",
                ),
                events=(
                    "After a chaotic month of takeaways, I tried a new system for my meals.",
                    "A colleague showed me how she organises her food for the whole week, and I "
                    "copied her.",
                ),
                advice=(
                    "Cook three large recipes in one weekend session and portion them into boxes "
                    "for each weeknight."
                ),
            ),
        ),
        requests=(
            "Any ideas for making dinner less of a chore?",
            "How can I get more organised with my evening meals?",
        ),
    ),
    VariableSpec(
        key="spice_tolerance",
        label="spice tolerance",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="mild food",
                reveals=(
                    "Even a pinch of black pepper is too much for me, and chilli makes my eyes "
                    "water.",
                    "I always ask restaurants to leave the chilli out completely.",
                    "Plain, gently seasoned food is what I enjoy most; anything hot ruins the "
                    "meal for me.",
                ),
                events=(
                    "After a rough stomach bug last winter, my taste in food changed.",
                    "A long stay with friends abroad, where everything was cooked very simply, "
                    "changed my palate.",
                ),
                advice=(
                    "Season with gentle herbs like parsley and basil, and leave chilli out of "
                    "every dish."
                ),
            ),
            ValueSpec(
                name="medium heat",
                reveals=(
                    "I like a little kick from chilli, but the hottest dishes on the menu are too "
                    "much for me.",
                    "A gentle warmth in a curry is perfect for me, though I'd never order the "
                    "extra-hot version.",
                    "I add a few flakes of chilli to most dishes, just enough to notice.",
                ),
                events=(
                    "A friend's cooking slowly got me used to a different level of seasoning.",
                    "After a holiday where every meal was cooked differently from home, my tastes "
                    "shifted.",
                ),
                advice=(
                    "Add a modest pinch of chilli to a few dishes, enough for warmth without any "
                    "real burn."
                ),
            ),
            ValueSpec(
                name="very spicy",
                reveals=(
                    "I carry my own bottle of the hottest sauce I can find, because restaurant "
                    "food is never hot enough for me.",
                    "I keep a jar of the most scorching chillies I can find and put them in "
                    "almost everything I cook.",
                    "A dish isn't worth eating unless it makes me sweat and reach for water.",
                ),
                events=(
                    "After a friend dared me to enter a chilli-eating contest, something in my "
                    "taste changed.",
                    "A cooking class on regional cuisine last year opened up my palate.",
                ),
                advice=(
                    "Load the dishes with fresh hot chillies and fiery sauces, and don't hold back."
                ),
            ),
        ),
        requests=(
            "What herbs and spices should I keep in my cupboard?",
            "Can you recommend some flavours to liven up my cooking?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="dinner_plan",
        text="What should I cook for my dinners this week?",
        variables=("diet", "cooking_routine", "spice_tolerance"),
        opener="Here is a plan for your dinners this week.",
    ),
)
