"""Gardening: what the user wants to grow, where, and in how much sun, for a season's plan."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "gardening"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="growing_goal",
        label="growing goal",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="vegetable crops",
                reveals=(
                    "I want to harvest my own tomatoes, courgettes and potatoes this year.",
                    "My dream is to fill the kitchen with homegrown carrots and beans.",
                    "I'm hoping to grow enough salad leaves and squash to skip the greengrocer "
                    "all summer.",
                ),
                events=(
                    "After tasting a neighbour's homegrown produce last summer, my plans changed.",
                    "When grocery prices went up last year, I rethought what to grow.",
                ),
                advice=(
                    "Sow tomatoes, dwarf beans and salad leaves in succession for a steady harvest "
                    "to eat."
                ),
            ),
            ValueSpec(
                name="cut flowers",
                reveals=(
                    "I want armfuls of sweet peas and dahlias to put in vases around my home.",
                    "I'm planning to grow blooms to cut for bouquets for my friends.",
                    "My goal is a steady supply of colourful stems for the vase on my table.",
                ),
                events=(
                    "After a friend's wedding full of homegrown bouquets, my plans changed.",
                    "A visit to a country show last summer gave me new ideas.",
                ),
                advice=(
                    "Plant sweet peas, cosmos, zinnias and dahlias, and cut the stems often to "
                    "keep them blooming."
                ),
            ),
            ValueSpec(
                name="kitchen herbs",
                reveals=(
                    "I want fresh basil, thyme and rosemary within reach whenever I cook.",
                    "My plan is to snip my own parsley and mint for cooking instead of buying "
                    "little packets.",
                    "I'd love a supply of fragrant leaves like chives and oregano for my recipes.",
                ),
                events=(
                    "After a cookery programme inspired me last month, my gardening plans changed.",
                    "When I kept throwing away half-used packets from the shop, I decided on a "
                    "new plan.",
                ),
                advice=(
                    "Plant basil, parsley, chives, thyme and mint, keeping the mint in its own pot "
                    "so that it doesn't spread."
                ),
            ),
        ),
        requests=(
            "How should I prepare my soil or compost?",
            "What are common mistakes people make when growing things?",
        ),
    ),
    VariableSpec(
        key="growing_space",
        label="growing space",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="windowsill pots",
                reveals=(
                    "All I have is a row of little pots along the inside ledge of my kitchen "
                    "window.",
                    "My entire growing area is a narrow shelf by the window, about a metre long.",
                    "I grow things indoors in containers no bigger than a mug.",
                ),
                events=(
                    "After giving up some outdoor space last year, I had to scale down.",
                    "When my living arrangements changed last month, so did my growing options.",
                ),
                advice=(
                    "Stick to compact varieties in small containers that fit on an indoor ledge, "
                    "and turn the pots every few days."
                ),
            ),
            ValueSpec(
                name="allotment plot",
                reveals=(
                    "I rent a large council growing plot on the edge of town, with a shed and a "
                    "water butt.",
                    "My patch is thirty metres long, and I spend every weekend there.",
                    "The waiting list was years long, but now I have a full-size rented plot of "
                    "my own.",
                ),
                events=(
                    "After years on a waiting list, I finally got a letter from the council in "
                    "the spring.",
                    "A retiring neighbour passed some growing land on to me last year.",
                ),
                advice=(
                    "Use the whole plot with long rows and a rotation plan, and add compost bays "
                    "and a water store."
                ),
            ),
            ValueSpec(
                name="community garden bed",
                reveals=(
                    "I tend one small raised bed in a shared neighbourhood garden, with other "
                    "members growing beside me.",
                    "My growing space is a two-metre bed in a shared plot run by volunteers.",
                    "I get one little bed in a neighbourhood garden, and we all share the tools "
                    "and the watering rota.",
                ),
                events=(
                    "A group of my neighbours set up a shared growing project last year.",
                    "After I got involved with a local volunteering group, my growing situation "
                    "changed.",
                ),
                advice=(
                    "Choose compact, tidy plants that stay inside your small bed and won't spill "
                    "into your neighbours' space."
                ),
            ),
        ),
        requests=(
            "When should I start sowing seeds?",
            "How often should I water what I'm growing?",
        ),
    ),
    VariableSpec(
        key="sunlight",
        label="sunlight",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="full sun",
                reveals=(
                    "My growing spot gets blazing sunshine from morning until evening.",
                    "There's nothing blocking the light, so my plants bake in direct sun all day.",
                    "My plants face south, with no trees or walls to block the light.",
                ),
                events=(
                    "After a neighbour cut down a big tree last year, the light in my growing "
                    "space changed.",
                    "When I moved my pots to a different spot, the conditions changed completely.",
                ),
                advice=(
                    "Choose sun-loving varieties and water deeply in the evenings, since the "
                    "plants will get hot and dry."
                ),
            ),
            ValueSpec(
                name="partial shade",
                reveals=(
                    "My plants get sun in the morning, but a wall blocks it after lunch.",
                    "Sunlight reaches my growing area for about half the day.",
                    "The light where I grow is dappled, with a few hours of direct sun and the "
                    "rest in shadow.",
                ),
                events=(
                    "A new fence went up next door and changed the light where I grow.",
                    "After the trees nearby grew taller, the light in my growing space changed.",
                ),
                advice=(
                    "Put the most light-hungry plants where the morning sun falls, and give leafy "
                    "plants the shadier corner."
                ),
            ),
            ValueSpec(
                name="deep shade",
                reveals=(
                    "Direct sunlight never reaches my growing area; it's dim all day.",
                    "Tall buildings all around mean my plants live in shadow from dawn to dusk.",
                    "The spot where I grow things gets no direct sun at all.",
                ),
                events=(
                    "A tall building went up right next to my growing spot last year.",
                    "After a big tree next door spread its canopy, the light on my plants changed.",
                ),
                advice=(
                    "Choose plants that tolerate low light, such as leafy greens, mint and ferns, "
                    "and don't expect fruit to ripen."
                ),
            ),
        ),
        requests=(
            "How do I choose the right plants for my conditions?",
            "What should I know before I start growing things?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="growing_plan",
        text="What should I grow this season?",
        variables=("growing_goal", "growing_space", "sunlight"),
        opener="Here is a growing plan for this season.",
    ),
)
